import { useEffect, useState } from 'react';
import { postForm } from './api';
import { t } from './texts';
import { useVisibleMark } from './use-visible-mark';

interface Item {
  id: number;
  time: string;
  type: string;
  content: string;
}
interface Tab {
  key: string;
  title: string;
  list: Item[];
}

/** Same content as the bench-list-200 screen: every complaint of the first tab as a card. */
export function LongList() {
  const [items, setItems] = useState<Item[] | null>(null);
  useEffect(() => {
    postForm<Tab[]>('/user-problem/problem-list').then(
      (tabs) => setItems(tabs[0]?.list ?? []),
      () => setItems([]),
    );
  }, []);
  useVisibleMark(items !== null);
  return (
    <main>
      <h1 className="bar">{t('title.complaintList')}</h1>
      <ul>
        {(items ?? []).map((item) => (
          <li key={item.id} className="card">
            <p className="row">
              <span>{item.type}</span>
              <span className="muted">{item.time}</span>
            </p>
            <p>{item.content}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
