/**
 * The widget script (`/1/api.js`): the subset of the hCaptcha JavaScript API that hosts and the kit call —
 * `hcaptcha.render(container, { sitekey, size, callback, 'error-callback', 'expired-callback' })`, `execute(id, { async })`,
 * `reset(id)`, `getResponse(id)`, `remove(id)`, and `?onload=fn` / `?render=explicit`. Executing posts the site key to
 * the emulator's `/challenge` (a passive challenge: no puzzle to solve) and hands the token to the callback (or
 * resolves it with `{ async: true }`). Served as a file: no inline script, so it runs under a strict CSP.
 */
export const CAPTCHA_SCRIPT = `(function () {
  'use strict';
  var script = document.currentScript;
  var src = new URL(script && script.src ? script.src : location.href);
  var origin = src.origin;
  var widgets = {};
  var count = 0;
  function widget(id) {
    var w = widgets[id === undefined ? Object.keys(widgets)[0] : id];
    if (!w) throw new Error('[hCaptcha] invalid widget id: ' + id);
    return w;
  }
  function render(container, options) {
    var element = typeof container === 'string' ? document.getElementById(container) : container;
    if (!element) throw new Error('[hCaptcha] container not found');
    if (!options || !options.sitekey) throw new Error('[hCaptcha] missing sitekey');
    var id = 'hcaptcha-' + count++;
    var frame = document.createElement('div');
    frame.setAttribute('data-hcaptcha-widget-id', id);
    frame.setAttribute('data-sitekey', options.sitekey);
    if (options.size === 'invisible') frame.hidden = true;
    else frame.textContent = 'Protected by the captcha emulator';
    element.appendChild(frame);
    widgets[id] = { id: id, options: options, frame: frame, response: '' };
    return id;
  }
  function call(fn, value) {
    if (typeof fn === 'function') fn(value);
    else if (typeof fn === 'string' && typeof window[fn] === 'function') window[fn](value);
  }
  function execute(id, config) {
    var w = widget(id);
    var done = fetch(origin + '/challenge', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sitekey: w.options.sitekey, host: location.hostname })
    })
      .then(function (response) {
        return response.json().then(function (body) {
          if (!response.ok) throw new Error(body && body.error ? body.error : 'challenge-error');
          return body;
        });
      })
      .then(
        function (body) {
          w.response = body.token;
          call(w.options.callback, body.token);
          return { response: body.token, key: body.key };
        },
        function (error) {
          call(w.options['error-callback'], error.message);
          throw error;
        }
      );
    if (config && config.async) return done;
    done.catch(function () {});
    return undefined;
  }
  function reset(id) {
    widget(id).response = '';
  }
  function getResponse(id) {
    return widget(id).response;
  }
  function remove(id) {
    var w = widget(id);
    if (w.frame.parentNode) w.frame.parentNode.removeChild(w.frame);
    delete widgets[w.id];
  }
  window.hcaptcha = { render: render, execute: execute, reset: reset, getResponse: getResponse, getRespKey: function () { return ''; }, remove: remove };
  var onload = src.searchParams.get('onload');
  if (onload && typeof window[onload] === 'function') window[onload]();
})();
`;
