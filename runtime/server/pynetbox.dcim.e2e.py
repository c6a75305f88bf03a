"""Drives the dcim components with Debian's pynetbox, as a real client would: a device type with
interface, console and power port templates, a device in a rack that gets its components, the
rack's elevation, a power panel and feed, a cable (and its trace) from the device's power port to a PDU's
outlet and one from the PDU's inlet to the feed.

Run by pynetbox.e2e.test.ts with NB_URL and NB_TOKEN set; prints one JSON line of observations
that the TypeScript test asserts on.
"""
import json
import os
import sys

import pynetbox
from pynetbox.core.query import RequestError

nb = pynetbox.api(os.environ["NB_URL"], token=os.environ["NB_TOKEN"])
out = {}

acme = nb.dcim.manufacturers.create(name="Acme", slug="acme")
pdu_ready = nb.dcim.device_types.create(manufacturer=acme.id, model="AX-24", slug="ax-24", u_height=2)
nb.dcim.interface_templates.create(
    [{"device_type": pdu_ready.id, "name": name, "type": "1000base-t"} for name in ("eth1", "eth0")]
)
nb.dcim.interface_templates.create(device_type=pdu_ready.id, name="mgmt", type="1000base-t", mgmt_only=True)
nb.dcim.console_port_templates.create(device_type=pdu_ready.id, name="con0", type="rj-45")
nb.dcim.power_port_templates.create(device_type=pdu_ready.id, name="psu0", type="iec-60320-c14", maximum_draw=300)
counted = nb.dcim.device_types.get(pdu_ready.id)
out["template_counts"] = [counted.interface_template_count, counted.console_port_template_count, counted.power_port_template_count]
out["templates_of_type"] = sorted(t.name for t in nb.dcim.interface_templates.filter(device_type_id=pdu_ready.id))

role = nb.dcim.device_roles.create(name="Core", slug="core", color="0000ff")
site = nb.dcim.sites.create(name="DC 2", slug="dc-2")
rack = nb.dcim.racks.create(name="R1", site=site.id, u_height=10, status="active")
device = nb.dcim.devices.create(name="core1", device_type=pdu_ready.id, role=role.id, site=site.id, rack=rack.id, position=5, face="front")

# The device got its type's components.
out["interfaces"] = [i.name for i in nb.dcim.interfaces.filter(device_id=device.id)]
out["mgmt_only"] = [i.name for i in nb.dcim.interfaces.filter(device_id=device.id, mgmt_only=True)]
out["console_ports"] = [(p.name, p.type.value) for p in nb.dcim.console_ports.filter(device_id=device.id)]
power_ports = list(nb.dcim.power_ports.filter(device_id=device.id))
out["power_ports"] = [(p.name, p.type.value, p.maximum_draw) for p in power_ports]
got = nb.dcim.devices.get(device.id)
out["device_counts"] = [got.interface_count, got.console_port_count, got.power_port_count]

# The rack's elevation, unit by unit from the top, the device on its two units.
units = list(rack.elevation.list())
out["elevation_units"] = [u.id for u in units]
out["elevation_names"] = [u.name for u in units[:2]]
out["elevation_occupied"] = [(u.id, u.device.name) for u in units if u.device]
out["elevation_rear"] = [u.id for u in rack.elevation.list(face="rear") if u.device]

# A power panel, a feed to the rack and a cable from the device's power port to the feed.
panel = nb.dcim.power_panels.create(site=site.id, name="Panel A")
feed = nb.dcim.power_feeds.create(power_panel=panel.id, rack=rack.id, name="Feed A", voltage=230, amperage=16, phase="single-phase")
out["feed"] = [feed.power_panel.name, feed.rack.name, feed.status.value, feed.type.value, feed.supply.value]
out["panel_feeds"] = nb.dcim.power_panels.get(panel.id).powerfeed_count
# The device's power port is cabled to a PDU's outlet, the PDU's inlet to the feed.
pdu = nb.dcim.devices.create(name="pdu1", device_type=pdu_ready.id, role=role.id, site=site.id, rack=rack.id, position=1, face="rear")
inlet = nb.dcim.power_ports.get(device_id=pdu.id, name="psu0")
outlet = nb.dcim.power_outlets.create(device=pdu.id, name="out1", type="iec-60320-c13", power_port=inlet.id, feed_leg="A")
out["outlet"] = [outlet.power_port.name, outlet.feed_leg.value]
cable = nb.dcim.cables.create(
    a_terminations=[{"object_type": "dcim.powerport", "object_id": power_ports[0].id}],
    b_terminations=[{"object_type": "dcim.poweroutlet", "object_id": outlet.id}],
    status="connected",
)
cabled = nb.dcim.power_ports.get(power_ports[0].id)
out["power_cable"] = cabled.cable.id == cable.id
out["power_peer"] = [cabled.link_peers_type, [p.device.name + ":" + p.name for p in cabled.link_peers]]
out["outlet_cable"] = nb.dcim.power_outlets.get(outlet.id).cable.id == cable.id
feed_cable = nb.dcim.cables.create(
    a_terminations=[{"object_type": "dcim.powerport", "object_id": inlet.id}],
    b_terminations=[{"object_type": "dcim.powerfeed", "object_id": feed.id}],
)
fed = nb.dcim.power_feeds.get(feed.id)
out["feed_cable"] = [fed.cable.id == feed_cable.id, fed.link_peers_type, [p.name for p in fed.link_peers]]
out["inlet_endpoint"] = [nb.dcim.power_ports.get(inlet.id).connected_endpoints_type, nb.dcim.power_feeds.count(cabled=True)]
out["cabled_power_ports"] = nb.dcim.power_ports.count(site_id=site.id, cabled=True)
# The power port's trace: [near ends, cable, far ends] as Records built from their urls.
trace = nb.dcim.power_ports.get(power_ports[0].id).trace()
out["power_trace"] = [[t.name for t in trace[0]], trace[1].id == cable.id, trace[1].status, [t.name for t in trace[2]]]
out["outlet_endpoint"] = [p.name for p in nb.dcim.power_outlets.get(outlet.id).connected_endpoints]

print(json.dumps(out))
sys.stdout.flush()
