import { describe, expect, it } from 'vitest';
import { changelogMessage } from './message.ts';

describe('changelogMessage', () => {
  it('reads the message as DRF reads a CharField', () => {
    expect(changelogMessage({ name: 'x' })).toEqual({ message: null });
    expect(changelogMessage({ changelog_message: 'moved' })).toEqual({ message: 'moved' });
    expect(changelogMessage({ changelog_message: 42 })).toEqual({ message: '42' });
    expect(changelogMessage([{ changelog_message: 'in a list' }])).toEqual({ message: null });
  });

  it('refuses what DRF refuses', () => {
    expect(changelogMessage({ changelog_message: null })).toEqual({ error: 'This field may not be null.' });
    expect(changelogMessage({ changelog_message: true })).toEqual({ error: 'Not a valid string.' });
    expect(changelogMessage({ changelog_message: { text: 'x' } })).toEqual({ error: 'Not a valid string.' });
    expect(changelogMessage({ changelog_message: 'x'.repeat(201) })).toEqual({ error: 'Ensure this field has no more than 200 characters.' });
    expect(changelogMessage({ changelog_message: 'x'.repeat(200) })).toEqual({ message: 'x'.repeat(200) });
  });
});
