"""Builds a webhook and an event rule with Debian's pynetbox, as a real client would, then creates a
site the rule watches: the server delivers the webhook to the receiver the test runs (NB_HOOK_URL).

Run by pynetbox.events.e2e.test.ts with NB_URL, NB_TOKEN and NB_HOOK_URL set; prints one JSON line
of observations that the TypeScript test asserts on.
"""
import json
import os

import pynetbox

nb = pynetbox.api(os.environ["NB_URL"], token=os.environ["NB_TOKEN"])
out = {}

hook = nb.extras.webhooks.create(name="Sites", payload_url=os.environ["NB_HOOK_URL"], secret="pynetbox-secret", body_template="{{ event }} {{ data.slug }}")
rule = nb.extras.event_rules.create(
    name="Active sites",
    object_types=["dcim.site"],
    event_types=["object_created"],
    conditions={"attr": "status.value", "value": "active"},
    action_type="webhook",
    action_object_type="extras.webhook",
    action_object_id=hook.id,
)
out["rule"] = [rule.name, rule.action_object["name"], rule.event_types, rule.enabled]
got = nb.extras.event_rules.get(name="Active sites")
got.description = "changed by pynetbox"
out["saved"] = got.save()
out["filtered"] = [r.name for r in nb.extras.event_rules.filter(event_type="object_created", object_type="dcim.site")]
nb.dcim.sites.create(name="Planned", slug="planned", status="planned")
nb.dcim.sites.create(name="Active", slug="active", status="active")
print(json.dumps(out))
