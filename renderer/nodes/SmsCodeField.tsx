import { useEffect, useId, useRef, useState } from 'react';
import type { Widget } from '../runtime/contract';
import { errorProps, FieldFrame } from './FieldFrame';
import { digitsOnly } from './format';
import { useField } from './use-field';

export const SmsCodeField: Widget<'sms-code-field'> = ({ node }) => {
  const field = useField<unknown>(node);
  const { runtime } = field;
  const inputId = node.id ?? `f${useId().replace(/:/g, '')}`;
  const length = runtime.limit(node.length, 6);
  const seconds = runtime.limit(node.seconds, 60);
  const [left, setLeft] = useState(node.autoStart ? seconds : 0);
  const [sending, setSending] = useState(false);
  const endAt = useRef(node.autoStart ? Date.now() + seconds * 1000 : 0);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setLeft(Math.max(0, Math.ceil((endAt.current - Date.now()) / 1000))), 1000);
    return () => clearInterval(timer);
  }, [left > 0]);

  const send = async () => {
    // Resending is blocked while the countdown runs (spec: registration SMS).
    if (left > 0 || sending) return;
    setSending(true);
    try {
      const outcome = await runtime.run(node.onSend);
      if (outcome.ok) {
        endAt.current = Date.now() + seconds * 1000;
        setLeft(seconds);
      }
    } finally {
      setSending(false);
    }
  };

  const text = field.value === undefined || field.value === null ? '' : String(field.value);
  const button = (
    <button
      type="button"
      className="sdui-button sdui-button--secondary sdui-sms__send"
      disabled={left > 0 || sending || field.disabled}
      onClick={send}
    >
      {left > 0 ? runtime.t(node.resendLabel ?? 'widget.sms.resendIn', { seconds: left }) : runtime.t(node.sendLabel)}
    </button>
  );
  return (
    <FieldFrame inputId={inputId} label={runtime.t(node.label)} hideLabel={node.hideLabel} error={field.error}>
      <div className="sdui-sms">
        <input
          id={inputId}
          className="sdui-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={text}
          placeholder={node.placeholder ? runtime.t(node.placeholder) : undefined}
          disabled={field.disabled}
          onChange={(e) => {
            const next = digitsOnly(e.target.value, length);
            field.setValue(next);
            if (node.onChange) void runtime.run(node.onChange, { result: next });
          }}
          onBlur={field.onBlur}
          {...errorProps(inputId, field.error)}
        />
        {button}
      </div>
    </FieldFrame>
  );
};

/** The registry loads it lazily (registry.ts), as the module's default. */
export default SmsCodeField;
