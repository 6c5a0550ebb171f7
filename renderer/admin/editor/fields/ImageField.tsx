/**
 * An image address: uploaded through the console's media route (`context.uploadImage`, which answers a `/media/...`
 * address) or typed (a URL or a `{{ }}` binding to data, with the binding picker).
 */
import { useState } from 'react';
import type { FieldProps } from '@rjsf/utils';
import { IMAGE_TYPES } from '../../landing/upload-image';
import BindingInput from './BindingInput';
import type { FormCtx } from './form-context';

export default function ImageField(props: FieldProps) {
  const { fieldPathId, formData, onChange, registry, readonly, disabled } = props;
  const ctx = (registry.formContext as FormCtx).editor;
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const id = fieldPathId.$id;
  const off = readonly || disabled;

  async function upload(file: File | undefined) {
    if (!file) return;
    setError('');
    setStatus(`Uploading ${file.name}…`);
    try {
      const url = await ctx.uploadImage(file);
      onChange(url, fieldPathId.path);
      setStatus(`Uploaded ${file.name}.`);
    } catch (e) {
      setStatus('');
      setError(`The upload failed: ${(e as Error).message}`);
    }
  }

  return (
    <div className="editor-image">
      <BindingInput
        id={id}
        value={formData}
        mode="template"
        context={ctx}
        readonly={off}
        onChange={(v) => onChange(v, fieldPathId.path)}
      />
      {!off && (
        <>
          <label htmlFor={`${id}__file`}>Upload an image</label>
          <input
            id={`${id}__file`}
            type="file"
            accept={IMAGE_TYPES}
            onChange={(e) => void upload(e.target.files?.[0])}
          />
        </>
      )}
      <p role="status">{status}</p>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </div>
  );
}
