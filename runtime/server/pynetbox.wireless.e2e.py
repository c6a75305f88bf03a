"""Drives the wireless app, ASN ranges and FHRP groups with Debian's pynetbox, as a real client
would: a wireless LAN attached to an interface, a wireless link between two wireless interfaces
and the link read back from them, ASNs taken from an ASN range (available-asns, one and a list),
and an FHRP group with a virtual address and an assignment to an interface.

pynetbox 7.0 has no `available_asns` attribute on an ASN range (it came with pynetbox 7.1, as
`asn_range.available_asns`); the script uses the attribute when the client has it and the same
DetailEndpoint pynetbox builds for it otherwise.

Run by pynetbox.wireless.e2e.test.ts with NB_URL and NB_TOKEN set; prints one JSON line of
observations that the TypeScript test asserts on.
"""
import json
import os

import pynetbox
from pynetbox.core.endpoint import DetailEndpoint
from pynetbox.core.query import AllocationError, RequestError

nb = pynetbox.api(os.environ["NB_URL"], token=os.environ["NB_TOKEN"])
out = {}

site = nb.dcim.sites.create(name="Campus", slug="campus")
maker = nb.dcim.manufacturers.create(name="Wifi Co", slug="wifi-co")
ap_type = nb.dcim.device_types.create(manufacturer=maker.id, model="AP-1", slug="ap-1")
role = nb.dcim.device_roles.create(name="Access point", slug="access-point", color="00ff00")
ap1 = nb.dcim.devices.create(name="ap1", device_type=ap_type.id, role=role.id, site=site.id)
ap2 = nb.dcim.devices.create(name="ap2", device_type=ap_type.id, role=role.id, site=site.id)
radio1 = nb.dcim.interfaces.create(device=ap1.id, name="wlan0", type="ieee802.11ax", rf_role="ap")
radio2 = nb.dcim.interfaces.create(device=ap2.id, name="wlan0", type="ieee802.11ax", rf_role="station")
eth = nb.dcim.interfaces.create(device=ap1.id, name="eth0", type="1000base-t")

# A wireless LAN in a group, scoped to the site, attached to the first radio.
group = nb.wireless.wireless_lan_groups.create(name="Offices", slug="offices")
lan = nb.wireless.wireless_lans.create(ssid="corp", group=group.id, scope_type="dcim.site", scope_id=site.id, auth_type="wpa-personal", auth_cipher="aes", auth_psk="s3cret")
out["lan"] = [str(lan), lan.group.name, lan.scope.name, lan.auth_type.value]
radio1.wireless_lans = [lan.id]
out["lan_saved"] = radio1.save()
out["lans_of_radio"] = [l.ssid for l in nb.dcim.interfaces.get(radio1.id).wireless_lans]
out["lans_by_site"] = [l.ssid for l in nb.wireless.wireless_lans.filter(site_id=site.id)]
out["group_count"] = nb.wireless.wireless_lan_groups.get(group.id).wirelesslan_count

# A wireless link between the two radios: both read it back.
link = nb.wireless.wireless_links.create(interface_a=radio1.id, interface_b=radio2.id, ssid="backhaul", distance=120, distance_unit="m")
out["link"] = [link.ssid, link.interface_a.name, link.status.value, link.distance, link.distance_unit.value]
out["radios_link"] = [nb.dcim.interfaces.get(i).wireless_link.id == link.id for i in (radio1.id, radio2.id)]
out["links_of_device"] = nb.wireless.wireless_links.count(interface_a_id=radio1.id)
try:
    nb.wireless.wireless_links.create(interface_a=eth.id, interface_b=radio2.id)
    out["wired_refused"] = None
except RequestError as error:
    out["wired_refused"] = json.loads(error.error)
link.delete()
out["radios_unlinked"] = [nb.dcim.interfaces.get(i).wireless_link for i in (radio1.id, radio2.id)]

# ASNs taken from a range.
rir = nb.ipam.rirs.create(name="Private", slug="private", is_private=True)
asn_range = nb.ipam.asn_ranges.create(name="Campus ASNs", slug="campus-asns", rir=rir.id, start=64512, end=64515)
nb.ipam.asns.create(asn=64512, rir=rir.id)
available = getattr(asn_range, "available_asns", None) or DetailEndpoint(asn_range, "available-asns")
out["available"] = [a["asn"] for a in available.list()]
one = available.create()
out["one"] = one["asn"]
two = available.create([{"description": "a"}, {"description": "b"}])
out["two"] = [a["asn"] for a in two]
try:
    available.create()
    out["exhausted"] = None
except AllocationError as error:
    # pynetbox's answer to a 409 from an available-* endpoint.
    out["exhausted"] = [error.req.status_code, error.req.json()]
out["asn_count"] = nb.ipam.asn_ranges.get(asn_range.id).asn_count

# An FHRP group with a virtual address, assigned to the wired interface.
fhrp = nb.ipam.fhrp_groups.create(protocol="vrrp2", group_id=10, name="gw", auth_type="plaintext", auth_key="k")
vip = nb.ipam.ip_addresses.create(address="10.10.0.1/24", assigned_object_type="ipam.fhrpgroup", assigned_object_id=fhrp.id, role="vrrp")
assignment = nb.ipam.fhrp_group_assignments.create(group=fhrp.id, interface_type="dcim.interface", interface_id=eth.id, priority=200)
out["fhrp"] = [nb.ipam.fhrp_groups.get(fhrp.id).display, [a.address for a in nb.ipam.fhrp_groups.get(fhrp.id).ip_addresses]]
out["assignment"] = [assignment.group.id == fhrp.id, assignment.interface.name, assignment.priority]
out["vip_group"] = nb.ipam.ip_addresses.get(vip.id).assigned_object.id == fhrp.id
out["count_fhrp_groups"] = nb.dcim.interfaces.get(eth.id).count_fhrp_groups
out["assignments_of_device"] = nb.ipam.fhrp_group_assignments.count(device_id=ap1.id)

print(json.dumps(out))
