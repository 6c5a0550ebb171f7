/**
 * A market document (constants of India or Indonesia) as a form generated from the market schema by
 * @rjsf/core, in sections, each field with its schema description as help and its validation
 * message right under it (checked as the editor types). Saving writes the draft with If-Match. Like the JSON
 * editor: leaving with unsaved changes asks first, and a 412 (a colleague saved meanwhile) opens the conflict view
 * (mine on top of theirs, theirs, reload) instead of a form that can never be saved again; my values are never dropped.
 */
import { useEffect, useRef, useState } from 'react';
import Form from '@rjsf/core';
import type { UiSchema } from '@rjsf/utils';
import type { MarketDocument } from '../../schemas/generated/types';
import { AdminApiError, adminApi } from './admin-api';
import { canWrite, currentContent, type DocRecord, type Role } from './admin-types';
import { describeError } from './describe-error';
import { sameJson } from './diff/structural-diff';
import { marketFormSchema, marketValidator } from './market-validator';
import { MarketAdditionalTemplate, MarketObjectTemplate } from './market-sections';
import ConflictView from './safety/ConflictView';
import { mergedStatus, mergeMineOnTheirs } from './safety/merge';
import { useUnsavedGuard } from './safety/use-unsaved-guard';
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

/** rjsf hands fields it has no value for as `undefined`: compared as JSON, so an untouched form is not "changed". */
const asJson = (v: unknown): unknown => JSON.parse(JSON.stringify(v ?? null));
const contentOf = (d: DocRecord) => currentContent(d) as MarketDocument;

export default function MarketForm({ doc, role, onSaved }: Props) {
  /** The version my edits apply to: the one loaded, or theirs after a conflict was resolved. */
  const [base, setBase] = useState(doc);
  const [formData, setFormData] = useState<MarketDocument>(contentOf(doc));
  const [conflict, setConflict] = useState<DocRecord | null>(null);
  /** My values set aside when their version (or a reload) replaced the form: put back on request. */
  const [kept, setKept] = useState<MarketDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  /**
   * A save under way: another Save waits for it. Sent again over the same ETag, it would be refused as if a colleague
   * had saved meanwhile (the first save moved the ETag on).
   */
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);
  const writable = canWrite(role);
  const dirty = !sameJson(asJson(formData), asJson(contentOf(base)));
  useUnsavedGuard(writable && dirty, `market ${doc.id}`);
  const current = useRef({ formData, dirty });
  current.current = { formData, dirty };
  /** Values typed while a save was under way, to stay in the form over the saved version once it comes back. */
  const typedDuringSave = useRef<{ over: DocRecord; mine: MarketDocument } | null>(null);

  // A different document (or a reload the page asked for) replaces the form; typing never does, and values typed
  // since the last load are set aside, not dropped.
  useEffect(() => {
    const carried = typedDuringSave.current;
    typedDuringSave.current = null;
    if (carried?.over === doc) return (setBase(doc), setFormData(carried.mine));
    const { formData: mine, dirty: wasDirty } = current.current;
    if (wasDirty && !sameJson(asJson(mine), asJson(contentOf(doc)))) setKept(mine);
    setBase(doc);
    setFormData(contentOf(doc));
  }, [doc]);

  async function save(data: MarketDocument) {
    if (busy.current) return;
    busy.current = true;
    setSaving(true);
    setError(null);
    setStatus('');
    try {
      const saved = await adminApi.saveDraft(doc.kind, doc.id, data, base.etag);
      const mine = current.current.formData;
      if (!sameJson(asJson(mine), asJson(data))) typedDuringSave.current = { over: saved, mine };
      setBase(saved);
      setStatus('Draft saved.');
      onSaved(saved);
    } catch (e) {
      setError(describeError(e));
      // Their version beside mine, to merge, take or reload: a form left on the old ETag could never be saved.
      if (e instanceof AdminApiError && e.status === 412)
        setConflict(await adminApi.get(doc.kind, doc.id).catch(() => null));
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }

  /** Theirs into the form (the next save goes over their version); mine is kept aside. */
  function takeTheirs(theirs: DocRecord) {
    if (!sameJson(asJson(formData), asJson(contentOf(theirs)))) setKept(formData);
    setBase(theirs);
    setFormData(contentOf(theirs));
    setConflict(null);
    setError(null);
    setStatus('Their version is in the form; yours is kept aside.');
  }

  function takeMine(theirs: DocRecord) {
    const { merged, conflicts } = mergeMineOnTheirs(asJson(contentOf(base)), asJson(formData), contentOf(theirs));
    setBase(theirs);
    setFormData(merged as MarketDocument);
    setConflict(null);
    setError(null);
    setStatus(mergedStatus(conflicts));
  }

  async function reload() {
    try {
      takeTheirs(await adminApi.get(doc.kind, doc.id));
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
      {kept && (
        <p role="note">
          The market was reloaded; your unsaved values are kept.{' '}
          <button type="button" onClick={() => (setFormData(kept), setKept(null))}>
            Put back my unsaved values
          </button>
        </p>
      )}
      {conflict && (
        <ConflictView
          theirs={conflict}
          mine={formData}
          onTakeMine={() => takeMine(conflict)}
          onTakeTheirs={() => takeTheirs(conflict)}
          onReload={() => void reload()}
        />
      )}
      <p role="status">{status}</p>
      <Form
        schema={marketFormSchema}
        uiSchema={
          writable
            ? saving
              ? { ...uiSchema, 'ui:submitButtonOptions': { submitText: 'Saving…', props: { disabled: true } } }
              : uiSchema
            : { ...uiSchema, 'ui:submitButtonOptions': { norender: true } }
        }
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
