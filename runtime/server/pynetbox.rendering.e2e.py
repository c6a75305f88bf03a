"""Drives config template rendering with Debian's pynetbox, as a real client would: a config
template that includes another by name, a device using it through its role, then
`device.render_config.create()` and `config_templates.get(id).render.create(...)`, and an export
template through a list's `?export=`.

pynetbox 7.0 predates `render_config` and `render` (newer pynetbox declares them as the same
DetailEndpoints on Devices and ConfigTemplates records): the script makes them as newer pynetbox
does, `DetailEndpoint(record, "render-config")`, when the record lacks them.

Run by pynetbox.rendering.e2e.test.ts with NB_URL and NB_TOKEN set; prints one JSON line of
observations that the TypeScript test asserts on.
"""
import json
import os

import pynetbox
from pynetbox.core.endpoint import DetailEndpoint

nb = pynetbox.api(os.environ["NB_URL"], token=os.environ["NB_TOKEN"])
out = {}


def detail(record, attribute, path):
    return getattr(type(record), attribute, None) and getattr(record, attribute) or DetailEndpoint(record, path)


nb.extras.config_templates.create(name="ntp-servers", template_code="{% for s in ntp %}ntp server {{ s }}\n{% endfor %}")
template = nb.extras.config_templates.create(
    name="Leaf",
    environment_params={"trim_blocks": True},
    template_code='hostname {{ device.name }}\n{% for i in device.interfaces.all() %}\ninterface {{ i.name }}\n{% endfor %}\n{% include "ntp-servers" %}',
)
site = nb.dcim.sites.create(name="Render site", slug="render-site")
maker = nb.dcim.manufacturers.create(name="Render maker", slug="render-maker")
dtype = nb.dcim.device_types.create(manufacturer=maker.id, model="RM-1", slug="rm-1")
role = nb.dcim.device_roles.create(name="Leaf", slug="leaf", color="00ff00", config_template=template.id)
device = nb.dcim.devices.create(name="leaf1", device_type=dtype.id, role=role.id, site=site.id, local_context_data={"ntp": ["192.0.2.1"]})
nb.dcim.interfaces.create(device=device.id, name="eth0", type="1000base-t")

rendered = detail(device, "render_config", "render-config").create()
out["render_config"] = [rendered["configtemplate"]["name"], rendered["content"]]
overridden = detail(device, "render_config", "render-config").create({"ntp": ["198.51.100.9"]})
out["body_context"] = overridden["content"].splitlines()[-1]

got = nb.extras.config_templates.get(name="ntp-servers")
direct = detail(got, "render", "render").create({"ntp": ["a", "b"]})
out["render"] = direct["content"]

nb.extras.export_templates.create(name="names", object_types=["dcim.device"], template_code="{{ queryset | map(attribute='name') | join(',') }}", as_attachment=False)
exported = nb.http_session.get(f"{os.environ['NB_URL']}/api/dcim/devices/?export=names", headers={"Authorization": f"Token {os.environ['NB_TOKEN']}"})
out["export"] = [exported.status_code, exported.text]

print(json.dumps(out))
