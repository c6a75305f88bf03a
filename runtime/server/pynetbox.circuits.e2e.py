"""Drives the circuits app with Debian's pynetbox, as a real client would: a provider with an
account, a circuit type, a circuit with its A and Z terminations (a site and a provider network),
the A side cabled to a device's interface, then lists and filters.

Run by pynetbox.circuits.e2e.test.ts with NB_URL and NB_TOKEN set; prints one JSON line of
observations that the TypeScript test asserts on.
"""
import json
import os
import sys

import pynetbox
from pynetbox.core.query import RequestError

nb = pynetbox.api(os.environ["NB_URL"], token=os.environ["NB_TOKEN"])
out = {}

site = nb.dcim.sites.create(name="POP 1", slug="pop-1")
provider = nb.circuits.providers.create(name="Level3", slug="level3")
account = nb.circuits.provider_accounts.create(provider=provider.id, account="ACC-1", name="Main")
network = nb.circuits.provider_networks.create(provider=provider.id, name="MPLS cloud")
ctype = nb.circuits.circuit_types.create(name="Internet", slug="internet")
circuit = nb.circuits.circuits.create(cid="CID-100", provider=provider.id, provider_account=account.id, type=ctype.id, commit_rate=100000)
out["circuit"] = [circuit.cid, circuit.provider.name, circuit.provider_account.account, circuit.type.slug, circuit.status.value, str(circuit)]

a = nb.circuits.circuit_terminations.create(circuit=circuit.id, term_side="A", termination_type="dcim.site", termination_id=site.id, port_speed=1000000, xconnect_id="XC-1")
z = nb.circuits.circuit_terminations.create(circuit=circuit.id, term_side="Z", termination_type="circuits.providernetwork", termination_id=network.id)
out["terminations"] = [a.display, a.termination.name, z.termination_type, z.termination.name]
got = nb.circuits.circuits.get(circuit.id)
out["sides"] = [got.termination_a.id == a.id, got.termination_z.id == z.id, got.termination_a.termination.slug]
try:
    nb.circuits.circuit_terminations.create(circuit=circuit.id, term_side="A", termination_type="dcim.site", termination_id=site.id)
    out["duplicate_side"] = None
except RequestError as e:
    out["duplicate_side"] = [e.req.status_code, json.loads(e.error)]

# The A side cabled to a device's interface.
maker = nb.dcim.manufacturers.create(name="Acme", slug="acme")
dtype = nb.dcim.device_types.create(manufacturer=maker.id, model="Edge", slug="edge")
role = nb.dcim.device_roles.create(name="Edge", slug="edge")
router = nb.dcim.devices.create(name="edge1", device_type=dtype.id, role=role.id, site=site.id)
uplink = nb.dcim.interfaces.create(device=router.id, name="xe-0/0/0", type="10gbase-x-sfpp")
cable = nb.dcim.cables.create(
    a_terminations=[{"object_type": "dcim.interface", "object_id": uplink.id}],
    b_terminations=[{"object_type": "circuits.circuittermination", "object_id": a.id}],
)
a_side = nb.circuits.circuit_terminations.get(a.id)
out["cabled"] = [a_side.cable.id == cable.id, a_side.cable_end, a_side.link_peers_type, [p["name"] for p in a_side.link_peers], a_side._occupied]
iface = nb.dcim.interfaces.get(uplink.id)
out["interface_peer"] = [iface.link_peers_type, [p["display"] for p in iface.link_peers]]

# Listing and filtering.
nb.circuits.circuits.create(cid="CID-200", provider=provider.id, type=ctype.id, status="planned")
out["circuits"] = [c.cid for c in nb.circuits.circuits.all()]
out["planned"] = [c.cid for c in nb.circuits.circuits.filter(status="planned")]
out["at_site"] = [c.cid for c in nb.circuits.circuits.filter(site_id=site.id)]
out["by_provider"] = nb.circuits.circuits.count(provider="level3")
out["terminations_at_site"] = [t.display for t in nb.circuits.circuit_terminations.filter(site="pop-1")]
out["cabled_terminations"] = [t.display for t in nb.circuits.circuit_terminations.filter(cabled=True)]
out["provider_counts"] = [nb.circuits.providers.get(provider.id).circuit_count, nb.circuits.circuit_types.get(ctype.id).circuit_count]
out["site_circuits"] = nb.dcim.sites.get(site.id).circuit_count

# Update and delete.
circuit.description = "saved by pynetbox"
out["save"] = circuit.save()
out["saved"] = nb.circuits.circuits.get(circuit.id).description
out["delete"] = nb.circuits.circuits.get(cid="CID-200").delete()
out["remaining"] = nb.circuits.circuits.count()

print(json.dumps(out))
sys.stdout.flush()
