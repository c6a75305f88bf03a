"""Drives the inventory slice with Debian's pynetbox, as a real client would.

Run by pynetbox.e2e.test.ts with NB_URL, NB_TOKEN, NB_USER and NB_PASSWORD set; prints one JSON
line of observations that the TypeScript test asserts on.
"""
import json
import os
import sys

import pynetbox

nb = pynetbox.api(os.environ["NB_URL"], token=os.environ["NB_TOKEN"])
out = {}

out["version"] = nb.version
out["status_version"] = nb.status()["netbox-version"]

region = nb.dcim.regions.create(name="Americas", slug="americas")
site = nb.dcim.sites.create(name="NYC 1", slug="nyc-1", region=region.id, status="planned")
out["created_status"] = site.status.value
out["created_region"] = site.region.name

got = nb.dcim.sites.get(site.id)
out["get_name"] = got.name
out["get_by_slug"] = nb.dcim.sites.get(slug="nyc-1").id == site.id
out["missing_is_none"] = nb.dcim.sites.get(999999) is None

nb.dcim.sites.create([{"name": f"Bulk {i}", "slug": f"bulk-{i}"} for i in range(3)])
out["filter_count"] = len(list(nb.dcim.sites.filter(name__isw="bulk")))
out["count"] = nb.dcim.sites.count(name__isw="bulk")

got.description = "saved by pynetbox"
got.status = "active"
out["save"] = got.save()
again = nb.dcim.sites.get(site.id)
out["saved_description"] = again.description
out["saved_status"] = again.status.value

bulk = list(nb.dcim.sites.filter(name__isw="bulk"))
for record in bulk:
    record.description = "bulk-updated"
nb.dcim.sites.update(bulk)
out["bulk_updated"] = sorted({s.description for s in nb.dcim.sites.filter(name__isw="bulk")})

out["choices"] = [c["value"] for c in nb.dcim.sites.choices()["status"]]

out["delete"] = again.delete()
out["bulk_delete"] = nb.dcim.sites.delete(bulk)
out["remaining"] = nb.dcim.sites.count(name__isw="bulk")

tenant_group = nb.tenancy.tenant_groups.create(name="Customers", slug="customers")
tenant = nb.tenancy.tenants.create(name="Globex", slug="globex", group=tenant_group.id)
out["tenant_group"] = tenant.group.slug

# Devices, interfaces, a cable, a prefix and an address on an interface as the device's primary IP.
juniper = nb.dcim.manufacturers.create(name="Juniper", slug="juniper")
ex4300 = nb.dcim.device_types.create(manufacturer=juniper.id, model="EX4300", slug="ex4300")
access = nb.dcim.device_roles.create(name="Access", slug="access", color="00ff00")
lab = nb.dcim.sites.create(name="Lab", slug="lab")
sw1, sw2 = nb.dcim.devices.create(
    [{"name": name, "device_type": ex4300.id, "role": access.id, "site": lab.id} for name in ("sw1", "sw2")]
)
out["device_role"] = nb.dcim.devices.get(name="sw1").role.slug
ports = nb.dcim.interfaces.create(
    [{"device": sw1.id, "name": name, "type": "1000base-t"} for name in ("ge-0/0/10", "ge-0/0/2", "ge-0/0/1")]
)
out["interface_order"] = [i.name for i in nb.dcim.interfaces.filter(device_id=sw1.id)]
uplink = ports[2]
peer = nb.dcim.interfaces.create(device=sw2.id, name="ge-0/0/1", type="1000base-t")
cable = nb.dcim.cables.create(
    a_terminations=[{"object_type": "dcim.interface", "object_id": uplink.id}],
    b_terminations=[{"object_type": "dcim.interface", "object_id": peer.id}],
    status="connected",
)
cabled = nb.dcim.interfaces.get(uplink.id)
out["cable_id"] = cabled.cable.id == cable.id
out["link_peer"] = [p.device.name + ":" + p.name for p in cabled.link_peers]
out["cabled_count"] = nb.dcim.interfaces.count(device_id=sw1.id, cabled=True)

prefix = nb.ipam.prefixes.create(prefix="10.1.0.0/24", status="active")
address = prefix.available_ips.create()
address.assigned_object_type = "dcim.interface"
address.assigned_object_id = uplink.id
address.save()
device = nb.dcim.devices.get(sw1.id)
device.primary_ip4 = address.id
out["primary_saved"] = device.save()
out["primary_ip4"] = str(nb.dcim.devices.get(sw1.id).primary_ip4)
out["address_interface"] = nb.ipam.ip_addresses.get(address.id).assigned_object.name
out["addresses_in_prefix"] = nb.ipam.ip_addresses.count(parent="10.1.0.0/24")
out["cable_delete"] = cable.delete()
out["freed"] = nb.dcim.interfaces.get(uplink.id).cable is None

token = nb.create_token(os.environ["NB_USER"], os.environ["NB_PASSWORD"])
out["provisioned_key_len"] = len(token.key)

print(json.dumps(out))
sys.stdout.flush()
