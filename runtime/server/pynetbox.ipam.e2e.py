"""Allocates IPAM space with Debian's pynetbox, as a real client would: prefixes carved from a
parent (one, then a list) with `available_prefixes.create()`, VLANs taken from a group with
`available_vlans.create()`, addresses with `available_ips.create()`, and the 409 pynetbox raises
when a parent is exhausted.

Run by pynetbox.ipam.e2e.test.ts with NB_URL and NB_TOKEN set; prints one JSON line of
observations that the TypeScript test asserts on.
"""
import json
import os
import sys

import pynetbox
from pynetbox.core.query import AllocationError

nb = pynetbox.api(os.environ["NB_URL"], token=os.environ["NB_TOKEN"])
out = {}

vrf = nb.ipam.vrfs.create(name="Pynetbox VRF")
parent = nb.ipam.prefixes.create(prefix="10.20.0.0/24", vrf=vrf.id, status="container")
out["free_before"] = [p["prefix"] for p in parent.available_prefixes.list()]

one = parent.available_prefixes.create({"prefix_length": 26})
out["one"] = [one.prefix, one.vrf.id == vrf.id, one.status.value]
listed = parent.available_prefixes.create([{"prefix_length": 27, "description": "a"}, {"prefix_length": 28, "is_pool": True}])
out["list"] = [[p.prefix, p.description, p.is_pool] for p in listed]
out["free_after"] = [p["prefix"] for p in parent.available_prefixes.list()]
out["children"] = nb.ipam.prefixes.get(parent.id).children

try:
    parent.available_prefixes.create({"prefix_length": 24})
    out["exhausted"] = None
except AllocationError as error:
    out["exhausted"] = [error.req.status_code, error.req.json()]

group = nb.ipam.vlan_groups.create(name="Pynetbox VLANs", slug="pynetbox-vlans", vid_ranges=[[100, 199]])
out["free_vids"] = [v["vid"] for v in group.available_vlans.list()][:3]
vlan = group.available_vlans.create({"name": "users"})
out["vlan"] = [vlan.vid, vlan.name, vlan.group.id == group.id]
vlans = group.available_vlans.create([{"name": "voice"}, {"name": "guests", "status": "reserved"}])
out["vlans"] = [[v.vid, v.name, v.status.value] for v in vlans]

address = one.available_ips.create({"dns_name": "gw.example.com"})
out["address"] = [address.address, address.vrf.id == vrf.id, address.dns_name]
out["next_ips"] = [a["address"] for a in one.available_ips.list()][:2]

print(json.dumps(out))
sys.stdout.flush()
