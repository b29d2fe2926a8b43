import { describe, expect, it } from 'vitest';
import { noFilters, possibleLeadIds, prepareSearch } from '~/lib/admin/filters.ts';
import { possibleMatchIds, rowMatches } from '~/lib/admin/page.ts';
import { isPossibleNumberMatch, nationalCandidates } from '~/lib/admin/search-match.ts';
import { pageRow as request } from './helpers/admin-rows.ts';

/**
 * A search by a full number finds the same number stored without its country code as a possible
 * match (issue 26; the database's rule is public.request_ids_matching of
 * 20261127140000_search_finds_numbers_without_code.sql, tested in supabase/tests/request-search.test.ts).
 */

const context = { myId: 'me', endOfDay: new Date('2025-11-20T23:59:59.999Z') };
const nationalOnly = request({ id: 'n', phone: '0545024476', country_code: null });
const full = request({ id: 'f', phone: '966545024476', country_code: '+966' });

describe('a full number and the same number without its country code', () => {
  it('reads 10+ digits as a full number: its national part after a 1–3 digit code', () => {
    expect(nationalCandidates('966545024476')).toEqual(['66545024476', '6545024476', '545024476']);
    expect(nationalCandidates('545024476')).toEqual([]);
    expect(nationalCandidates('12345678901'.slice(0, 10))).toEqual([
      '234567890',
      '34567890',
      '4567890',
    ]);
  });

  it('finds 0545024476 by each spelling of +966 54 502 4476, as a possible match', () => {
    for (const query of ['+966 54 502 4476', '966545024476', '00966545024476', '+966545024476']) {
      const search = prepareSearch(query);
      expect(isPossibleNumberMatch(nationalOnly, search), query).toBe(true);
      expect(rowMatches(nationalOnly, { ...noFilters, query }, context), query).toBe(true);
      expect([...possibleMatchIds([nationalOnly, full], query)], query).toEqual(['n']);
    }
  });

  it('never marks a plain match, a number with its country, or a national query', () => {
    // The national spelling finds both rows plainly: the full number contains its digits.
    expect(possibleMatchIds([nationalOnly, full], '0545024476').size).toBe(0);
    expect(rowMatches(full, { ...noFilters, query: '0545024476' }, context)).toBe(true);
    // A number stored with another country code is not the same number.
    const emirati = request({ id: 'e', phone: '971545024476', country_code: '+971' });
    expect(rowMatches(emirati, { ...noFilters, query: '+966 54 502 4476' }, context)).toBe(false);
    // Other digits, too short a national part, or a name that matches: not a possible match.
    expect(isPossibleNumberMatch(nationalOnly, prepareSearch('+966 54 502 4477'))).toBe(false);
    expect(isPossibleNumberMatch(request({ phone: '024476' }), prepareSearch('9660024476'))).toBe(
      false,
    );
    const named = request({ id: 'x', name: '966545024476', phone: '0545024476' });
    expect(possibleMatchIds([named], '966545024476').size).toBe(0);
  });

  it('marks leads the same way on the leads screen', () => {
    const lead = { id: 'l', name: 'Layla', email: null, phone: '0545024476', country_code: null };
    expect([...possibleLeadIds([lead], '+966 54 502 4476')]).toEqual(['l']);
    expect(possibleLeadIds([lead], 'Layla').size).toBe(0);
  });
});
