"""Drives config contexts with Debian's pynetbox, as a real client would: contexts scoped to a
region and a site, a tag given by slug, a device whose config_context merges them deeply by weight
with its local data last, `exclude=config_context` on a list, a profile whose JSON schema refuses
a context's data with NetBox's message, and an update through save().

Run by pynetbox.configContexts.e2e.test.ts with NB_URL and NB_TOKEN set; prints one JSON line of
observations that the TypeScript test asserts on.
"""
import json
import os

import pynetbox
from pynetbox.core.query import RequestError

nb = pynetbox.api(os.environ["NB_URL"], token=os.environ["NB_TOKEN"])
out = {}

region = nb.dcim.regions.create(name="CC region", slug="cc-region")
site = nb.dcim.sites.create(name="CC site", slug="cc-site", region=region.id)
maker = nb.dcim.manufacturers.create(name="CC maker", slug="cc-maker")
dtype = nb.dcim.device_types.create(manufacturer=maker.id, model="CC-1", slug="cc-1")
role = nb.dcim.device_roles.create(name="CC role", slug="cc-role")
tag = nb.extras.tags.create(name="CC tag", slug="cc-tag")
device = nb.dcim.devices.create(
    name="cc-r1", device_type=dtype.id, role=role.id, site=site.id, tags=[tag.id],
    local_context_data={"snmp": {"community": "local"}},
)

base = nb.extras.config_contexts.create(name="cc-base", weight=100, regions=[region.id], data={"snmp": {"community": "public", "location": "x"}, "ntp": ["a"]})
nb.extras.config_contexts.create(name="cc-site", weight=200, sites=[site.id], tags=["cc-tag"], data={"snmp": {"location": "paris"}, "ntp": ["b"]})
got = nb.extras.config_contexts.get(name="cc-site")
out["tags"] = list(got.tags)
out["sites"] = [s.slug for s in got.sites]

out["config_context"] = dict(nb.dcim.devices.get(device.id).config_context)
listed = list(nb.dcim.devices.filter(name="cc-r1", exclude="config_context"))
out["excluded"] = "config_context" not in dict(listed[0])

profile = nb.extras.config_context_profiles.create(name="cc-profile", schema={"type": "object", "required": ["ntp"]})
try:
    nb.extras.config_contexts.create(name="cc-bad", profile=profile.id, data={"dns": "x"})
    out["refused"] = None
except RequestError as e:
    out["refused"] = [e.req.status_code, e.error if isinstance(e.error, dict) else json.loads(e.error)]

base.weight = 300
base.data = {"snmp": {"community": "public"}, "ntp": ["z"]}
out["saved"] = base.save()
out["after_save"] = dict(nb.dcim.devices.get(device.id).config_context)
out["by_region"] = [c.name for c in nb.extras.config_contexts.filter(region="cc-region")]

print(json.dumps(out))
