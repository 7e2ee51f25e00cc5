-- A texted picture of ours is kept as a path on the app's origin (/api/media/sms/{id}/{token}), not
-- as an address on one host name: stored whole (http://127.0.0.1:8080/api/media/sms/...), it showed
-- broken at http://localhost, where the page's CSP allows only its own origin. The carrier's own
-- addresses are left as they are.
update sms_messages
   set media = (
     select coalesce(
       jsonb_agg(
         case when m->>'info' ~ '^https?://[^/]+/api/media/sms/'
              then jsonb_set(m, '{info}', to_jsonb(regexp_replace(m->>'info', '^https?://[^/]+(/api/media/sms/)', '\1')))
              else m end
         order by i),
       '[]'::jsonb)
     from jsonb_array_elements(media) with ordinality as t(m, i))
 where media::text ~ 'https?://[^/"]+/api/media/sms/';
