// The first data call of a page the server drew without its data: sent here, while the app's bundle
// downloads, exactly as the server planned it (the hand-off's `early`, first-calls/hand-off.ts); the app claims the
// answer by its call key (first-calls/first-call-claims.ts). A classic script from this origin (the CSP allows
// 'self'), tiny, and never the only way: if anything is off, the app simply makes the call itself.
(function () {
  try {
    var el = document.getElementById('sdui-ssr');
    var early = el && JSON.parse(el.textContent || 'null').early;
    if (!early || typeof early.url !== 'string' || early.url.charAt(0) !== '/' || early.url.charAt(1) === '/') return;
    window.__sduiEarly = fetch(early.url, { method: early.method, headers: early.headers, body: early.body, credentials: 'same-origin' }).then(function (r) {
      return r.text().then(function (text) {
        return { status: r.status, text: text };
      });
    });
    window.__sduiEarly.catch(function () {});
  } catch (e) {
    /* the app calls as usual */
  }
})();
