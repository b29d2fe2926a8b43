-- Privacy policy 1.1 (issue 29): the policy now describes the request's own page and private link,
-- the patient's confirmation e-mail, withdrawal from the page, and what the browser keeps for it
-- (content/legal/*/privacy.mdx; src/config/site.ts names this version). Inserted only if no other
-- change has published a version under this name or on this day already.
insert into private.policy_versions (version, effective_on) values ('1.1', '2026-11-26')
on conflict do nothing;
