"""Uploads an image attachment with Debian's pynetbox, as its users do: pynetbox 7.0's create()
sends JSON only, so the upload goes through the api's own requests session as multipart/form-data
(the file in `image`, the other fields as form fields, the token as pynetbox sends it); the
attachment is then read, filtered and deleted through pynetbox's endpoints, and the file fetched
at its `image` URL (with the token: NetBox 4.6 serves media to callers who may view the attachment) before and after the delete.

Run by pynetbox.imageAttachments.e2e.test.ts with NB_URL and NB_TOKEN set; prints one JSON line of
observations that the TypeScript test asserts on.
"""
import json
import os
import struct
import zlib

import pynetbox


def png(width, height):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


url = os.environ["NB_URL"]
token = os.environ["NB_TOKEN"]
nb = pynetbox.api(url, token=token)
headers = {"Authorization": "Token " + token, "Accept": "application/json"}
out = {}

site = nb.dcim.sites.create(name="Pynetbox Site", slug="pynetbox-site")
image = png(4, 3)
answer = nb.http_session.post(
    url + "/api/extras/image-attachments/",
    headers=headers,
    data={"object_type": "dcim.site", "object_id": site.id, "name": "Front view"},
    files={"image": ("front.png", image, "image/png")},
)
out["status"] = answer.status_code
created = answer.json()

attachment = nb.extras.image_attachments.get(created["id"])
out["read"] = [attachment.name, attachment.object_type, attachment.object_id, attachment.image_width, attachment.image_height, attachment.image_size, attachment.parent.name]
out["image"] = attachment.image
out["filtered"] = [a.id for a in nb.extras.image_attachments.filter(object_type="dcim.site", object_id=site.id)]
fetched = nb.http_session.get(attachment.image, headers={"Authorization": "Token " + token})
out["fetched"] = [fetched.status_code, fetched.headers.get("Content-Type"), fetched.content == image]

bad = nb.http_session.post(
    url + "/api/extras/image-attachments/",
    headers=headers,
    data={"object_type": "dcim.site", "object_id": site.id},
    files={"image": ("notes.png", b"plain text", "image/png")},
)
out["bad"] = [bad.status_code, bad.json()]

out["deleted"] = attachment.delete()
out["after"] = nb.http_session.get(out["image"], headers={"Authorization": "Token " + token}).status_code
print(json.dumps(out))
