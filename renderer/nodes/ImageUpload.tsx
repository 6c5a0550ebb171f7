import { useContext, useEffect, useId, useRef, useState } from 'react';
import type { Widget } from '../runtime/contract';
import { isSafeImageSrc } from './safe-url';
import { pick } from './text-of';
import { FieldError } from './FieldFrame';
import { FormIdContext, useField } from './use-field';

let uploadSeq = 0;

export const ImageUpload: Widget<'image-upload'> = ({ node }) => {
  const field = useField<unknown>(node);
  const { runtime } = field;
  const inputId = node.id ?? `f${useId().replace(/:/g, '')}`;
  const [inFlight, setInFlight] = useState<number[]>([]);
  const inFlightCount = useRef(0);
  const urls = Array.isArray(field.value)
    ? (field.value as unknown[]).filter((u): u is string => typeof u === 'string')
    : [];
  const max = runtime.limit(node.max, 9);
  const full = urls.length + inFlight.length >= max;

  // A form sent while a picture is still uploading would go without it (the borrower's evidence lost under "sent"):
  // its validation fails until every upload has answered.
  const formId = useContext(FormIdContext);
  const latest = useRef(runtime);
  latest.current = runtime;
  useEffect(() => {
    if (!formId) return;
    return runtime.forms.register(formId, {
      name: `${node.bind} (uploading)`,
      validate: () => (inFlightCount.current > 0 ? latest.current.t('widget.imageUpload.wait') : null),
    });
  }, [formId, node.bind, runtime.forms]);

  // Uploads finish in any order: always append to the list as it is now, not as it was when picked.
  const current = () => {
    const v = runtime.get(node.bind);
    return Array.isArray(v) ? (v as unknown[]) : [];
  };
  const commit = (next: unknown[]) => {
    field.setValue(next);
    if (node.onChange) void runtime.run(node.onChange, { result: next });
  };

  const uploadOne = async (file: File) => {
    const seq = ++uploadSeq;
    inFlightCount.current++;
    setInFlight((list) => [...list, seq]);
    try {
      const res = await runtime.api.upload(node.endpoint, node.fileField ?? 'file', file);
      const url = res.ok ? pick(res, node.resultPath ?? 'data.url') : undefined;
      if (typeof url === 'string' && url) commit([...current(), url]);
      else if (res.ok)
        runtime.logError(`image-upload: no URL at ${node.resultPath ?? 'data.url'} in the upload result`);
    } finally {
      inFlightCount.current--;
      setInFlight((list) => list.filter((s) => s !== seq));
    }
  };

  const onPick = (files: FileList | null) => {
    const picked = Array.from(files ?? []);
    let room = max - current().length - inFlightCount.current;
    for (const file of picked) {
      // `accept` is only a hint to the picker; the type is checked again here.
      if (!file.type.startsWith('image/')) {
        runtime.toast(runtime.t('widget.imageUpload.notImage'));
        continue;
      }
      if (room <= 0) {
        runtime.toast(runtime.t('widget.imageUpload.tooMany', { max }));
        break;
      }
      room--;
      void uploadOne(file);
    }
  };

  const remove = (index: number) => commit(current().filter((_, i) => i !== index));

  return (
    <div className="sdui-image-upload">
      <p className="sdui-field__label" id={`${inputId}-label`}>
        {runtime.t(node.label)}{' '}
        <span className="sdui-image-upload__count">
          {runtime.t('widget.imageUpload.count', { count: urls.length, max })}
        </span>
      </p>
      <ul className="sdui-image-upload__grid" aria-labelledby={`${inputId}-label`}>
        {urls.map((url, i) => (
          <li key={`${url}-${i}`} className="sdui-image-upload__tile">
            {isSafeImageSrc(url) ? <img src={url} alt="" /> : null}
            <button
              type="button"
              className="sdui-image-upload__remove"
              aria-label={runtime.t(node.removeLabel ?? 'widget.imageUpload.remove', { n: i + 1 })}
              onClick={() => remove(i)}
              disabled={field.disabled}
            >
              ×
            </button>
          </li>
        ))}
        {inFlight.map((seq) => (
          <li key={`up-${seq}`} className="sdui-image-upload__tile sdui-image-upload__tile--busy" aria-busy="true">
            {runtime.t('widget.imageUpload.uploading')}
          </li>
        ))}
        {!full ? (
          <li className="sdui-image-upload__tile sdui-image-upload__add">
            <label htmlFor={inputId}>
              <span className="sdui-visually-hidden">{runtime.t(node.addLabel ?? 'widget.imageUpload.add')}</span>
            </label>
            <input
              id={inputId}
              className="sdui-visually-hidden"
              type="file"
              accept="image/*"
              multiple
              disabled={field.disabled}
              onChange={(e) => {
                onPick(e.target.files);
                // Picking the same picture again must fire change again.
                e.target.value = '';
              }}
            />
          </li>
        ) : null}
      </ul>
      <FieldError error={field.error} />
    </div>
  );
};

/** The registry loads it lazily (registry.ts), as the module's default. */
export default ImageUpload;
