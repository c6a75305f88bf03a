"""The users' own objects through Debian's pynetbox: a bookmark and a subscription on a site (the
user as a nested record), a saved filter filtered by object type and saved again, a table
config, a notification group with its users, and the user's preferences (nb.users.config()).

Run by userData.pynetbox.e2e.test.ts beside this file with NB_URL and NB_TOKEN set; prints one
JSON line of observations that the TypeScript test asserts on.
"""
import json
import os

import pynetbox

nb = pynetbox.api(os.environ["NB_URL"], token=os.environ["NB_TOKEN"])
out = {}

admin = nb.users.users.get(username="admin")
site = nb.dcim.sites.create(name="Lyon", slug="lyon")
bookmark = nb.extras.bookmarks.create(object_type="dcim.site", object_id=site.id, user=admin.id)
out["bookmark"] = [str(bookmark), bookmark.user.username, bookmark.object_type]
out["bookmarks"] = [b.object_id for b in nb.extras.bookmarks.filter(user="admin", object_type="dcim.site")]
subscription = nb.extras.subscriptions.create(object_type="dcim.site", object_id=site.id, user=admin.id)
out["subscription"] = str(subscription)

saved = nb.extras.saved_filters.create(name="Lyon only", slug="lyon-only", object_types=["dcim.site"], parameters={"slug": ["lyon"]})
saved.description = "one site"
out["saved"] = saved.save()
out["saved_filters"] = [(f.name, f.description) for f in nb.extras.saved_filters.filter(object_type="dcim.site")]

table = nb.extras.table_configs.create(object_type="dcim.site", table="SiteTable", name="Narrow", columns=["name"])
out["table"] = [table.name, table.columns, table.weight]

group = nb.extras.notification_groups.create(name="Ops", users=[admin.id])
out["group"] = [u.username for u in nb.extras.notification_groups.get(group.id).users]

# pynetbox 7.0 answers the one object as a generator of it.
out["config"] = list(nb.users.config())
print(json.dumps(out))
