vcl 4.1;
# Varnish 7 (Debian's `varnish` and `varnish-modules` packages) in front of any number of app instances
# (README 'Running in production', docs/decisions/024-varnish-in-front-with-xkey-purges.md).
#
# - Stores what the app marks public (Cache-Control public or s-maxage; max-age, s-maxage and stale-while-revalidate
#   give the lifetime and grace), never an answer with Set-Cookie, private, no-store or no-cache.
# - Passes admin pages, every method but GET and HEAD, requests with the admin session or the toast cookie, and
#   /healthz and /metrics. Every other request loses its Cookie header, so anonymous visitors share one copy;
#   only the home page reads a cookie (`loc`, the remembered location), and a home request carrying it is passed.
# - Each stored answer names what it shows in its `xkey` header; `PURGE` with an `xkey-purge: <keys>` header (or
#   `xkey-softpurge`, which keeps the copies as stale for their grace) from an address in the `purgers` ACL drops
#   them. The app sends it after each write (CACHE_PURGE_URLS).
# - Answers carry `X-Cache: HIT` or `MISS`, and Varnish's own `Age`.
#
#   varnishd -a :80 -f /etc/varnish/default.vcl -s malloc,512m

import directors;
import xkey;

# BEGIN BACKENDS
# The app instances, each probed on /healthz (a sick one gets no traffic until it answers again). One instance on
# this machine by default; for more, declare one backend each and add it to the director, e.g. four:
#
#   backend app2 { .host = "10.0.0.12"; .port = "3000"; .probe = healthz; }
#   backend app3 { .host = "10.0.0.13"; .port = "3000"; .probe = healthz; }
#   backend app4 { .host = "10.0.0.14"; .port = "3000"; .probe = healthz; }
#   ... and in vcl_init: app.add_backend(app2); app.add_backend(app3); app.add_backend(app4);
#
# A script may replace everything between the BEGIN BACKENDS and END BACKENDS lines with its own backends, as long as
# it defines the probe `healthz` and the director `app` (scripts/varnish.ts does, for the tests and the bench).
probe healthz {
  .url = "/healthz";
  .interval = 5s;
  .timeout = 2s;
  .window = 3;
  .threshold = 2;
  .initial = 2;
}

backend app1 {
  .host = "127.0.0.1";
  .port = "3000";
  .probe = healthz;
  .first_byte_timeout = 30s;
}

sub vcl_init {
  new app = directors.round_robin();
  app.add_backend(app1);
}
# END BACKENDS

# Who may purge: this machine by default; add the app instances' addresses when they run elsewhere.
acl purgers {
  "localhost";
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  set req.backend_hint = app.backend();

  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    if (req.http.xkey-purge) {
      set req.http.X-Purged = xkey.purge(req.http.xkey-purge);
    } else if (req.http.xkey-softpurge) {
      set req.http.X-Purged = xkey.softpurge(req.http.xkey-softpurge);
    } else {
      return (synth(400, "PURGE needs an xkey-purge or xkey-softpurge header naming the keys"));
    }
    return (synth(200, "Purged " + req.http.X-Purged));
  }

  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  if (req.url ~ "^/admin(/|\?|$)" || req.url ~ "^/(healthz|metrics)(\?|$)") {
    return (pass);
  }
  # An API client's credentials, the admin session (app/auth/session.server.ts SESSION_COOKIE) and a flash toast
  # (TOAST_COOKIE): the answer is the requester's own.
  if (req.http.Authorization || req.http.Cookie ~ "(^|;)\s*(__session|__toast)=") {
    return (pass);
  }
  # The home page follows the remembered location (app/domain/location.ts LOCATION_COOKIE) and is then private:
  # passed with that cookie alone.
  if (req.url ~ "^/(\?|$)" && req.http.Cookie ~ "(^|;)\s*loc=") {
    set req.http.Cookie = regsub(req.http.Cookie, "^(.*;)?\s*(loc=[^;]*).*$", "\2");
    return (pass);
  }
  # No other page reads a cookie: one copy for every visitor.
  unset req.http.Cookie;
  return (hash);
}

sub vcl_backend_response {
  if (bereq.uncacheable) {
    return (deliver);
  }
  if (beresp.http.Set-Cookie ||
      beresp.http.Cache-Control !~ "(?i)(^|,)\s*(public|s-maxage=)" ||
      beresp.http.Cache-Control ~ "(?i)(^|,)\s*(private|no-store|no-cache)" ||
      beresp.ttl <= 0s ||
      beresp.http.Vary == "*") {
    # Not stored; the next requests for this URL go to the app for two minutes without waiting on each other.
    set beresp.ttl = 120s;
    set beresp.uncacheable = true;
    return (deliver);
  }
  return (deliver);
}

sub vcl_deliver {
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
  # The keys are for this cache only.
  unset resp.http.xkey;
}

sub vcl_synth {
  set resp.http.Content-Type = "text/plain; charset=utf-8";
  set resp.http.Cache-Control = "no-store";
  set resp.body = resp.reason + {"
"};
  return (deliver);
}
