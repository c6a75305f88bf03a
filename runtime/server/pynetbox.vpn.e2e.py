"""Drives the vpn app with Debian's pynetbox, as a real client would: an IKE/IPSec profile chain
(proposals, policies with their proposals, a profile), a tunnel in a group with two terminations
on device interfaces and an outside IP, an L2VPN with route targets and a termination on an
interface, filtering across them, an update, and NetBox's message for a second termination of
one interface.

pynetbox 7.0 predates the vpn app (NetBox 3.7): it has no `nb.vpn`, so the script builds the app
as pynetbox builds its others, `App(nb, "vpn")`; newer pynetbox has it built in.

Run by pynetbox.vpn.e2e.test.ts with NB_URL and NB_TOKEN set; prints one JSON line of
observations that the TypeScript test asserts on.
"""
import json
import os
import sys

import pynetbox
from pynetbox.core.app import App
from pynetbox.core.query import RequestError

nb = pynetbox.api(os.environ["NB_URL"], token=os.environ["NB_TOKEN"])
vpn = getattr(nb, "vpn", None) or App(nb, "vpn")
out = {}

# Two routers with a tunnel interface each.
site = nb.dcim.sites.create(name="VPN site", slug="vpn-site")
maker = nb.dcim.manufacturers.create(name="VPN maker", slug="vpn-maker")
dtype = nb.dcim.device_types.create(manufacturer=maker.id, model="VR-1", slug="vr-1")
role = nb.dcim.device_roles.create(name="VPN router", slug="vpn-router", color="00ff00")
routers = [nb.dcim.devices.create(name=name, device_type=dtype.id, role=role.id, site=site.id) for name in ("vpn-r1", "vpn-r2")]
tun = [nb.dcim.interfaces.create(device=r.id, name="tun0", type="virtual") for r in routers]
outside = nb.ipam.ip_addresses.create(address="198.51.100.1/32")

# The IKE/IPSec chain.
ike_proposal = vpn.ike_proposals.create(
    name="ike-aes256", authentication_method="preshared-keys", encryption_algorithm="aes-256-cbc",
    authentication_algorithm="hmac-sha256", group=14, sa_lifetime=28800,
)
ike_policy = vpn.ike_policies.create(name="ike-v2", version=2, proposals=[ike_proposal.id], preshared_key="s3cret")
ipsec_proposal = vpn.ipsec_proposals.create(name="esp-aes256", encryption_algorithm="aes-256-gcm", sa_lifetime_seconds=3600)
ipsec_policy = vpn.ipsec_policies.create(name="esp-pfs", proposals=[ipsec_proposal.id], pfs_group=19)
profile = vpn.ipsec_profiles.create(name="site-to-site", mode="esp", ike_policy=ike_policy.id, ipsec_policy=ipsec_policy.id)
got = vpn.ipsec_profiles.get(profile.id)
out["profile"] = [got.ike_policy.name, got.ipsec_policy.name, got.mode.value]
out["ike_policy_proposals"] = [p.name for p in vpn.ike_policies.get(ike_policy.id).proposals]
out["ike_group"] = [ike_proposal.group.value, ike_proposal.group.label]
out["pfs_group"] = vpn.ipsec_policies.get(ipsec_policy.id).pfs_group.label

# A tunnel in a group, terminated on both routers.
group = vpn.tunnel_groups.create(name="Backbone", slug="backbone")
tunnel = vpn.tunnels.create(name="r1-r2", status="active", group=group.id, encapsulation="ipsec-tunnel", ipsec_profile=profile.id, tunnel_id=42)
terminations = [
    vpn.tunnel_terminations.create(tunnel=tunnel.id, role="peer", termination_type="dcim.interface", termination_id=tun[0].id, outside_ip=outside.id),
    vpn.tunnel_terminations.create(tunnel=tunnel.id, role="peer", termination_type="dcim.interface", termination_id=tun[1].id),
]
out["termination_display"] = [str(t) for t in terminations] == [f"r1-r2: Termination {t.id}" for t in terminations]
first = vpn.tunnel_terminations.get(terminations[0].id)
out["termination"] = [first.termination.name, first.termination.device.name, first.outside_ip.address]
out["terminations_count"] = vpn.tunnels.get(tunnel.id).terminations_count
out["tunnel_count"] = vpn.tunnel_groups.get(group.id).tunnel_count
out["by_device_interface"] = [t.id for t in vpn.tunnel_terminations.filter(interface_id=tun[1].id)] == [terminations[1].id]
out["tunnels_by_profile"] = [t.name for t in vpn.tunnels.filter(ipsec_profile_id=profile.id, encapsulation="ipsec-tunnel")]
out["tunnel_terminations_of_tunnel"] = vpn.tunnel_terminations.count(tunnel_id=tunnel.id)

# A second termination of one interface is refused with NetBox's message.
try:
    vpn.tunnel_terminations.create(tunnel=tunnel.id, role="hub", termination_type="dcim.interface", termination_id=tun[0].id)
    out["second_termination"] = None
except RequestError as error:
    out["second_termination"] = [error.req.status_code, json.loads(error.error)]

# Save and re-read.
tunnel.description = "core backbone"
tunnel.status = "disabled"
out["tunnel_saved"] = tunnel.save()
again = vpn.tunnels.get(tunnel.id)
out["tunnel_after_save"] = [again.description, again.status.value, again.group.slug]

# An L2VPN with route targets, terminated on a router interface.
rt_in = nb.ipam.route_targets.create(name="65000:100")
rt_out = nb.ipam.route_targets.create(name="65000:200")
l2vpn = vpn.l2vpns.create(name="Customer A", slug="customer-a", type="vxlan-evpn", identifier=5000, import_targets=[rt_in.id], export_targets=[rt_out.id])
access = nb.dcim.interfaces.create(device=routers[0].id, name="eth1", type="1000base-t")
l2t = vpn.l2vpn_terminations.create(l2vpn=l2vpn.id, assigned_object_type="dcim.interface", assigned_object_id=access.id)
out["l2vpn"] = [l2vpn.display, l2vpn.type.value, [t.name for t in l2vpn.import_targets], [t.name for t in l2vpn.export_targets]]
out["l2vpn_termination"] = [l2t.display, l2t.assigned_object.name]
out["interface_l2vpn_termination"] = nb.dcim.interfaces.get(access.id).l2vpn_termination.id == l2t.id
out["interfaces_of_l2vpn"] = [i.name for i in nb.dcim.interfaces.filter(l2vpn_id=l2vpn.id)]
out["l2vpn_terminations_of_device"] = vpn.l2vpn_terminations.count(device="vpn-r1")
out["route_targets_importing"] = [t.name for t in nb.ipam.route_targets.filter(importing_l2vpn_id=l2vpn.id)]

# Deleting the tunnel takes its terminations along.
out["tunnel_delete"] = tunnel.delete()
out["terminations_left"] = vpn.tunnel_terminations.count(termination_type="dcim.interface")

print(json.dumps(out))
sys.stdout.flush()
