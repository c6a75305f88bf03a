"""Custom fields through Debian's pynetbox: defining fields and a choice set, writing values on
create, on save() of a changed record and in a bulk update, reading them back (an object field as
a nested record), filtering with cf_ parameters and reading a refused value's error.

Run by pynetbox.e2e.test.ts beside this file with NB_URL and NB_TOKEN set; prints one JSON line of
observations that the TypeScript test asserts on.
"""
import json
import os
import sys

import pynetbox

nb = pynetbox.api(os.environ["NB_URL"], token=os.environ["NB_TOKEN"])
out = {}

colours = nb.extras.custom_field_choice_sets.create(name="Colours", extra_choices=[["red", "Red"], ["blue", "Blue"]])
out["choices"] = [c["id"] for c in nb.http_session.get(
    f"{nb.base_url}/extras/custom-field-choice-sets/{colours.id}/choices/",
    headers={"Authorization": f"Token {os.environ['NB_TOKEN']}"},
).json()["results"]]
nb.extras.custom_fields.create([
    {"name": "rack_units", "type": "integer", "object_types": ["dcim.site"], "validation_maximum": 50},
    {"name": "colour", "type": "select", "object_types": ["dcim.site"], "choice_set": colours.id, "default": "red"},
    {"name": "owner_tenant", "type": "object", "object_types": ["dcim.site"], "related_object_type": "tenancy.tenant"},
])
out["field_type"] = nb.extras.custom_fields.get(name="colour").type.value

tenant = nb.tenancy.tenants.create(name="Acme", slug="acme")
site = nb.dcim.sites.create(name="CF 1", slug="cf-1", custom_fields={"rack_units": 10, "owner_tenant": tenant.id})
out["created"] = site.custom_fields["rack_units"]
out["default"] = site.custom_fields["colour"]

got = nb.dcim.sites.get(site.id)
out["nested_tenant"] = got.custom_fields["owner_tenant"]["name"]

# pynetbox 7.0's save() flattens custom field dicts by their "value" key (the choice form of NetBox
# 2.x), so a record whose object field is set cannot be saved by it, against NetBox as here: save
# one whose object field is empty, and change the other with update().
plain = nb.dcim.sites.create(name="CF 2", slug="cf-2")
plain.custom_fields["rack_units"] = 20
plain.custom_fields["colour"] = "blue"
out["saved"] = plain.save()
again = nb.dcim.sites.get(plain.id)
out["after_save"] = [again.custom_fields["rack_units"], again.custom_fields["colour"]]

out["filtered"] = sorted(s.name for s in nb.dcim.sites.filter(cf_rack_units__gte=15))
out["by_colour"] = sorted(s.name for s in nb.dcim.sites.filter(cf_colour="red"))

nb.dcim.sites.update([{"id": site.id, "custom_fields": {"rack_units": 5}}])
out["bulk"] = nb.dcim.sites.get(slug="cf-1").custom_fields["rack_units"]

try:
    nb.dcim.sites.create(name="CF 3", slug="cf-3", custom_fields={"rack_units": 99})
    out["refused"] = None
except pynetbox.RequestError as error:
    out["refused"] = json.loads(error.error)

print(json.dumps(out))
sys.stdout.flush()
