// The first data call of a page the server drew without its data: started here, while the app's bundle
// downloads, as the server described it (#sdui-ssr "early"); the app claims the answer (start-app.tsx).
// A classic script from this origin (the CSP allows 'self'), tiny, and never the only way: if anything is
// off, the app simply makes the call itself.
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
