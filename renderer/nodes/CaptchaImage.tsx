import { useState } from 'react';
import type { Widget } from '../runtime/contract';
import { useRuntime } from '../runtime/runtime-context';

export const CaptchaImage: Widget<'captcha-image'> = ({ node }) => {
  const runtime = useRuntime();
  const [nonce, setNonce] = useState(0);
  const params = node.params ? runtime.resolve<Record<string, unknown>>(node.params) : {};
  // Without its params (the sid is not loaded yet) the endpoint can only fail: wait for them.
  const ready = Object.values(params).every((v) => v !== undefined && v !== null && v !== '');
  const src = ready ? runtime.api.url(node.endpoint, nonce ? { ...params, _r: nonce } : params) : undefined;
  const refresh = () => {
    if (node.refreshWhen && !runtime.evaluate(node.refreshWhen)) {
      runtime.toast(runtime.t(node.refreshBlockedKey ?? 'widget.captcha.refreshBlocked'));
      return;
    }
    setNonce((n) => n + 1);
  };
  const alt = runtime.t(node.alt);
  return (
    <button id={node.id} type="button" className="sdui-captcha" aria-label={alt} onClick={refresh}>
      {src ? <img src={src} alt="" width={96} height={36} /> : <span aria-hidden="true">····</span>}
    </button>
  );
};

/** The registry loads it lazily (registry.ts), as the module's default. */
export default CaptchaImage;
