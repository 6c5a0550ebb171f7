/**
 * A market document (constants of India or Indonesia) as a form generated from the market schema by
 * @rjsf/core, in sections, each field with its schema description as help and its validation
 * message right under it (checked as the editor types). Saving writes the draft with If-Match; a
 * 412 keeps the form as typed.
 */
import { useEffect, useState } from 'react';
import Form from '@rjsf/core';
import type { UiSchema } from '@rjsf/utils';
import type { MarketDocument } from '../../schemas/generated/types';
import { adminApi } from './admin-api';
import { canWrite, currentContent, type DocRecord, type Role } from './admin-types';
import { describeError } from './describe-error';
import { marketFormSchema, marketValidator } from './market-validator';
import { MarketAdditionalTemplate, MarketObjectTemplate } from './market-sections';
import './market.css';

const uiSchema: UiSchema = {
  kind: { 'ui:readonly': true },
  id: { 'ui:readonly': true },
  schemaVersion: { 'ui:readonly': true },
  'ui:submitButtonOptions': { submitText: 'Save draft' },
};

interface Props {
  doc: DocRecord;
  role: Role;
  onSaved(doc: DocRecord): void;
}

export default function MarketForm({ doc, role, onSaved }: Props) {
  const [formData, setFormData] = useState<MarketDocument>(currentContent(doc) as MarketDocument);
  const [etag, setEtag] = useState(doc.etag);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const writable = canWrite(role);

  // A different document (or a reload the editor asked for) replaces the form; typing never does.
  useEffect(() => {
    setFormData(currentContent(doc) as MarketDocument);
    setEtag(doc.etag);
  }, [doc]);

  async function save(data: MarketDocument) {
    setError(null);
    setStatus('');
    try {
      const saved = await adminApi.saveDraft(doc.kind, doc.id, data, etag);
      setEtag(saved.etag);
      setStatus('Draft saved.');
      onSaved(saved);
    } catch (e) {
      setError(describeError(e));
    }
  }

  return (
    <section aria-label={`Market ${doc.id}`} className="market-form">
      <h2>Market {doc.id}</h2>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <p role="status">{status}</p>
      <Form
        schema={marketFormSchema}
        uiSchema={writable ? uiSchema : { ...uiSchema, 'ui:submitButtonOptions': { norender: true } }}
        validator={marketValidator}
        formData={formData}
        readonly={!writable}
        templates={{ ObjectFieldTemplate: MarketObjectTemplate, WrapIfAdditionalTemplate: MarketAdditionalTemplate }}
        liveValidate="onChange"
        showErrorList="bottom"
        noHtml5Validate
        onChange={(e) => setFormData(e.formData as MarketDocument)}
        onSubmit={(e) => void save(e.formData as MarketDocument)}
      />
    </section>
  );
}
