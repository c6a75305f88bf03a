/**
 * Naming and placing uploads as NetBox's image_upload() does, with the client's file name never
 * trusted: Django's get_valid_name() characters only, the extension kept only for image formats,
 * `unnamed` for a name with nothing left, and no path outside the media directory.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { absolutePath, attachmentPath, configureMediaRoot, store, validName } from './storage.ts';

const root = mkdtempSync(join(tmpdir(), 'nb-storage-'));
configureMediaRoot(root);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('attachmentPath', () => {
  it("names an upload image-attachments/<model>_<id>_<name>, as NetBox does", () => {
    expect(attachmentPath('device', 7, '', 'C:\\fake_path\\Rack photo.JPG')).toBe('image-attachments/device_7_Rack_photo.jpg');
    expect(attachmentPath('site', 3, 'Front view', 'x.png')).toBe('image-attachments/site_3_Front_view.png');
    expect(attachmentPath('site', 3, '', '../../etc/passwd')).toBe('image-attachments/site_3_passwd');
    expect(attachmentPath('site', 3, '', 'shell.php')).toBe('image-attachments/site_3_shell');
    expect(attachmentPath('site', 3, '..', 'x.gif')).toBe('image-attachments/site_3_unnamed.gif');
    expect(attachmentPath('site', 3, '../..', 'x.gif')).toBe('image-attachments/site_3_.....gif'); // Django keeps '....': one file name
    expect(attachmentPath('site', 3, 'é/ü', 'x.gif')).toBe('image-attachments/site_3_éü.gif');
  });

  it("keeps only Django's valid file name characters", () => {
    expect(validName(' a b<>:"|?*c ')).toBe('a_bc');
    expect(validName('..')).toBeNull();
    expect(validName('')).toBeNull();
  });
});

describe('store', () => {
  it('never overwrites: a taken name gets a suffix before its extension', async () => {
    const first = await store('image-attachments/site_1_a.png', new Uint8Array([1]));
    const second = await store('image-attachments/site_1_a.png', new Uint8Array([2]));
    expect(first).toBe('image-attachments/site_1_a.png');
    expect(second).toMatch(/^image-attachments\/site_1_a_[A-Za-z0-9]{7}\.png$/);
    expect(readFileSync(join(root, first))[0]).toBe(1);
    expect(readFileSync(join(root, second))[0]).toBe(2);
  });

  it('resolves no path outside the media directory', () => {
    expect(absolutePath('../outside')).toBeNull();
    expect(absolutePath('image-attachments/../../x')).toBeNull();
    expect(absolutePath('image-attachments/x.png')).toBe(join(root, 'image-attachments/x.png'));
  });
});
