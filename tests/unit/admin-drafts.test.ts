import { describe, expect, it } from 'vitest';
import {
  listDrafts,
  readDrafts,
  removeAllDrafts,
  removeDraft,
  tabIdIn,
  writeDraft,
  type Draft,
  type DraftStorage,
} from '~/lib/admin/drafts.ts';
import type { RequestEdits } from '~/lib/admin/team.ts';

function memoryStorage(): DraftStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
  };
}

const opened: RequestEdits = { status: 'new', notes: '', assignedTo: '', followUp: '' };

const draft = (
  requestId: string,
  username: string | null,
  tab: string,
  updatedAt: string,
): Draft => ({
  requestId,
  username,
  tab,
  baseVersion: 3,
  opened,
  edits: { ...opened, notes: `note ${requestId} ${tab}` },
  updatedAt,
});

describe('drafts', () => {
  it('are kept per coordinator, request and tab, newest first, until removed', () => {
    const storage = memoryStorage();
    storage.setItem('unrelated', 'x');
    writeDraft(storage, draft('a', 'sara', 't1', '2026-11-23T10:00:00Z'));
    writeDraft(storage, draft('a', 'sara', 't2', '2026-11-23T10:30:00Z'));
    writeDraft(storage, draft('b', 'sara', 't1', '2026-11-23T11:00:00Z'));
    writeDraft(storage, draft('a', 'omar', 't1', '2026-11-23T12:00:00Z'));
    expect(readDrafts(storage, 'a', 'sara').map((d) => d.edits.notes)).toEqual([
      'note a t2',
      'note a t1',
    ]);
    expect(readDrafts(storage, 'a', 'omar').map((d) => d.edits.notes)).toEqual(['note a t1']);
    expect(listDrafts(storage, 'sara').map((d) => `${d.requestId}${d.tab}`)).toEqual([
      'bt1',
      'at2',
      'at1',
    ]);
    // One tab's removal leaves the other tab's and the colleague's drafts alone.
    removeDraft(storage, { requestId: 'a', username: 'sara', tab: 't1' });
    expect(readDrafts(storage, 'a', 'sara').map((d) => d.tab)).toEqual(['t2']);
    expect(readDrafts(storage, 'a', 'omar')).toHaveLength(1);
  });

  it('all go when their coordinator signs out, and only theirs', () => {
    const storage = memoryStorage();
    writeDraft(storage, draft('a', 'sara', 't1', '2026-11-23T10:00:00Z'));
    writeDraft(storage, draft('b', 'sara', 't2', '2026-11-23T10:00:00Z'));
    writeDraft(storage, draft('a', 'omar', 't1', '2026-11-23T10:00:00Z'));
    expect(removeAllDrafts(storage, 'sara')).toBe(2);
    expect(listDrafts(storage, 'sara')).toEqual([]);
    expect(listDrafts(storage, 'omar')).toHaveLength(1);
    expect(storage.length).toBe(1);
  });

  it('ignore what cannot be read, and read drafts kept before tabs were told apart', () => {
    const storage = memoryStorage();
    storage.setItem('rihla.admin.draft.x', '{not json');
    const { tab: _tab, ...old } = draft('y', 'sara', '', '2026-11-23T10:00:00Z');
    storage.setItem('rihla.admin.draft.y', JSON.stringify(old));
    expect(readDrafts(storage, 'x', 'sara')).toEqual([]);
    expect(readDrafts(storage, 'y', 'sara')).toEqual([{ ...old, tab: '' }]);
    removeDraft(storage, { requestId: 'y', username: 'sara', tab: '' });
    expect(storage.getItem('rihla.admin.draft.y')).toBeNull();
  });

  it('a tab keeps its id across reloads (sessionStorage)', () => {
    const session = memoryStorage();
    let n = 0;
    const fresh = () => `tab-${(n += 1)}`;
    expect(tabIdIn(session, fresh)).toBe('tab-1');
    expect(tabIdIn(session, fresh)).toBe('tab-1');
    expect(tabIdIn(memoryStorage(), fresh)).toBe('tab-2');
  });
});
