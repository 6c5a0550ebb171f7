/**
 * Screen A's answer (the referee screen, in the fair bench): an order card, 8 problem types and 200 history items
 * whose text reads like a borrower's complaint, a sentence of about 100 characters, not "bench complaint 001". Built
 * once per bench server from fixed parts, so every page (ours through the server's first call, the plain page by
 * fetch) gets the same bytes from the same stub, whatever borrower token it carries: a unique token per cold load
 * then costs no seeding, and no page is ever a cache hit.
 */
export interface HistoryItem {
  id: number;
  time: string;
  type: string;
  content: string;
}

const OPENINGS = [
  'Saya sudah membayar cicilan tepat waktu',
  'Pembayaran lewat virtual account berhasil',
  'Dana pinjaman belum masuk ke rekening saya',
  'Tagihan bulan ini tercatat dua kali',
  'Petugas penagihan menghubungi keluarga saya',
  'Aplikasi menolak kode OTP yang saya terima',
  'Jumlah denda keterlambatan tidak sesuai',
  'Status pesanan masih menunggu pencairan',
];
const CLOSINGS = [
  'tetapi status di aplikasi belum berubah, mohon dicek.',
  'namun saya belum menerima konfirmasi apa pun.',
  'tolong bantu periksa dan kirimkan bukti pembayaran.',
  'mohon penjelasan dan perbaikan secepatnya.',
  'padahal saldo rekening sudah terpotong kemarin.',
];

/** The 200 items, newest first; every sentence carries its number, so the last one's text is unique (the needle). */
export function historyItems(count: number, types: string[]): HistoryItem[] {
  return Array.from({ length: count }, (_, i) => {
    const n = count - i;
    const day = String(1 + (n % 28)).padStart(2, '0');
    const time = `2026-10-${day} ${String(8 + (n % 12)).padStart(2, '0')}:${String((n * 7) % 60).padStart(2, '0')}:00`;
    const content = `Keluhan ${String(n).padStart(3, '0')}: ${OPENINGS[n % OPENINGS.length]}, ${CLOSINGS[n % CLOSINGS.length]}`;
    return { id: 100_000 + n, time, type: types[n % types.length], content };
  });
}
