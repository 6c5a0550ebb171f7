/**
 * Sandbox seed data: the one place people and tests read to know what the sandbox backend holds.
 * Every token starts from a deep copy of this (see state.ts); flows then change that copy only.
 *
 * Orders (loans and complaint order cards). Status meanings beyond the known ones are sandbox conventions:
 *
 * | orderId | orderNo | productId | orderStatus | meaning (sandbox)      | isShow | isDelay | isScore | periods (pending/paid)               |
 * |---------|---------|-----------|-------------|------------------------|--------|---------|---------|--------------------------------------|
 * | 1001    | SB1001  | 101       | 21          | under review           | 0      | '0'     | 0       | none                                 |
 * | 1002    | SB1002  | 102       | 151         | approved, disbursing   | 0      | '0'     | 0       | none                                 |
 * | 1003    | SB1003  | 101       | 174         | repaying               | 1      | '1'     | 0       | 3 pending × 350.000                  |
 * | 1004    | SB1004  | 103       | 180         | overdue                | 1      | '1'     | 1       | 1 paid, 1 overdue (500), 1 pending   |
 * | 1005    | SB1005  | 104       | 110         | rejected               | 0      | '0'     | 0       | none                                 |
 * | 1006    | SB1006  | 102       | 200         | repaid                 | 0      | '0'     | 1       | 2 paid                               |
 * | 1007    | SB1007  | 105       | 170         | due (repay only)       | 1      | '0'     | 0       | 1 pending × 1.080.000                |
 * | 1008    | SB1008  | 103       | 3           | repaying (legacy code) | 1      | '1'     | 0       | 3 pending: 350.000, 350.000, 400.000 |
 * | 1009    | SB1009  | 104       | 4           | settled (legacy code)  | 0      | '0'     | 1       | 2 paid                               |
 * | 1010    | SB1010  | 105       | 5           | overdue (legacy code)  | 1      | '1'     | 0       | 1 overdue (500), 1 pending           |
 *
 * Extension (delay) fees of the isDelay '1' orders: 1003 150.000, 1004 200.000, 1008 1.250.000 (an amount in the
 * millions, so the 'strings' answer style shows "1.250.000"), 1010 180.000; 7 days each.
 *
 * Loan offers (loan-detail-confirm): amount over 91 days in three instalments; interest 0.1 % a day, except
 * product 103 (Kredit Pintar, 2.000.000), whose fixed total interest of 100.000 gives three lines of exactly
 * 700.000 (total 2.100.000).
 *
 * Repayment: the payable amounts of an order are the sums of its first k pending periods (k ≥ 1),
 * or its extension fee when isDelay is '1'. Paying every pending period moves the status to 200
 * (4 for the legacy codes 3 and 5); paying all overdue periods moves 180 → 174 and 5 → 3; paying the
 * extension fee moves due dates by `delay.days`, clears overdue marks and sets isDelay '0'.
 *
 * Bank cards: card 1 (BCA, needValid 1: commit sends an SMS, confirm needs SMS_CODE);
 * card 2 (BNI, needValid 0: commit pays at once). Repayment records start at 'RR' + number.
 * Cards bound through /sandbox-ext/bank-card/add (banks: CARD_BANKS) need an SMS code too. The sandbox's own
 * paths (bank-cards.ts, forced-failures.ts, virtual-account.ts): /sandbox-ext/force-failure makes the next calls of
 * one path fail with a given code for one token; /sandbox-ext/virtual-account/pay plays the bank paying a vcode.
 *
 * | constant                      | value          |
 * |-------------------------------|----------------|
 * | SMS code (repayment, register) | SMS_CODE  = "123456" |
 * | captcha text of every sid      | CAPTCHA_TEXT = "7G4K" |
 * | already registered phone       | REGISTERED_PHONE = "13800138000" |
 * | SMS resend interval            | 60 s           |
 *
 * Complaints (legacy problem ids):
 * | problemId | order  | type/sonType | process result | isScore |
 * |-----------|--------|--------------|----------------|---------|
 * | 501       | SB1004 | 1 / 2        | yes            | 1 (rating modal shows) |
 * | 502       | SB1003 | 2 / –        | no (processing)| 0       |
 * | 503       | SB1006 | 3 / –        | yes            | 0 (already rated 5) |
 *
 * Landing template ids are not here: they are the ids of the landing-template documents
 * (`screens/templates/<templateId>.json`), served through the router's `getTemplate` option.
 */
import { productMaker, type Product } from './product-maker.js';

export type { Product } from './product-maker.js';

/**
 * The sandbox's own limits. It stands in for the loan backend, which enforces its rules itself: these do
 * NOT follow the market documents (an ops edit of market.limits changes what the borrower's screens allow,
 * not what this backend accepts), just as a real backend would keep its own configuration.
 * MAX_IMAGES / MAX_DETAIL: problem-save rejects more images or a longer text; CONTACT_OVERALL: the
 * contact-kf-info value it expects; SMS_INTERVAL_MS: get-sms answers 'too early' inside it.
 */
export const SMS_CODE = '123456';
export const CAPTCHA_TEXT = '7G4K';
export const REGISTERED_PHONE = '13800138000';
export const SMS_INTERVAL_MS = 60_000;
export const MAX_IMAGES = 9;
export const MAX_DETAIL = 200;
export const CONTACT_OVERALL = 30;
/** Customer-service phone used when an order has none (spec: telephone falls back to a configured phone). */
export const SERVICE_PHONE = '+62 21 5000 1234';
/** App path the sandbox links to after loan-detail-push (the route map must have it). */
export const LOAN_DETAILS_PATH = '/#/borrowDetail/';

export interface Row {
  title: string;
  value: string;
}
export interface Period {
  periodNo: number;
  totalAmount: number;
  dueTime: string;
  paid: boolean;
  overdue: boolean;
}
export interface Order {
  orderId: number;
  orderNo: string;
  productId: number;
  orderStatus: number;
  isShow: 0 | 1;
  isDelay: '0' | '1';
  isScore: 0 | 1;
  amount: number;
  applyTime: string;
  telephone: string;
  periods: Period[];
  delay: { fee: number; days: number; expiry: string } | null;
}
export interface Problem {
  problemId: number;
  orderNo: string;
  type: number;
  sonType: number | null;
  content: string;
  images: string[];
  time: string;
  disposeDetail: string;
  disposeImages: string[];
  isScore: 0 | 1;
  score: number | null;
}
export interface BankCard {
  id: number;
  bankName: string;
  cardNo: string;
  bankCode: string;
  needValid: 0 | 1;
}
export interface QaNode {
  id: number;
  pid: number;
  action_type: 1 | 2 | 3 | 4;
  title_local: string;
  title_local_alias: string;
}

const p = productMaker({
  amountRange: (amount) => `Rp1.000.000 - Rp${(amount / 1e6).toFixed(0)}.000.000`,
  amountRangeDes: 'Jumlah pinjaman',
  loan_rate: '0,1%/hari',
  productDesc: (name) => `${name}: cair dalam 1-3 hari`,
  productTags: ['Cepat cair', 'Bunga rendah'],
  buttonText: 'Ajukan',
});

export const PRODUCTS: Product[] = [
  p(101, 'Dana Kilat', 1_500_000, { popAgreement: true }),
  p(102, 'Pinjam Cepat', 3_000_000, { jumpLink: 'native' }),
  // 100.000 over 91 days on 2.000.000 is 5 % a term, about 0,055 % a day.
  p(103, 'Kredit Pintar', 2_000_000, { productTags: ['Tanpa jaminan'], interest: 100_000, loan_rate: '0,055%/hari' }),
  p(104, 'Uang Mudah', 5_000_000, { jointState: 0 }),
  p(105, 'Tunai Plus', 10_000_000),
  p(106, 'Modal Usaha', 15_000_000, { buttonStatus: 0, buttonText: 'Penuh', jointState: 0 }),
];

/** Recommended-product scenes and their product ids; 'full' is the empty state. Module ids per spec §9. */
export const SCENES: Record<string, { moduleId: number; productIds: number[] }> = {
  home: { moduleId: 300, productIds: [101, 102, 103, 104, 105, 106] },
  relevant: { moduleId: 300, productIds: [103, 105, 102] },
  precise: { moduleId: 301, productIds: [105, 101] },
  'lucky-bag': { moduleId: 302, productIds: [104, 102, 106] },
  full: { moduleId: 300, productIds: [] },
};

/** n monthly periods from firstDue; `amount` is every period's, or one per period. */
const periods = (n: number, amount: number | number[], firstDue: string, paid = 0, overdue = 0): Period[] =>
  Array.from({ length: n }, (_, i) => {
    const d = new Date(`${firstDue}T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() + i);
    const totalAmount = Array.isArray(amount) ? amount[i] : amount;
    return {
      periodNo: i + 1,
      totalAmount,
      dueTime: d.toISOString().slice(0, 10),
      paid: i < paid,
      overdue: i >= paid && i < paid + overdue,
    };
  });

const o = (orderId: number, productId: number, orderStatus: number, extra: Partial<Order> = {}): Order => ({
  orderId,
  orderNo: `SB${orderId}`,
  productId,
  orderStatus,
  isShow: 0,
  isDelay: '0',
  isScore: 0,
  amount: 1_000_000,
  applyTime: '2025-05-02 10:15:00',
  telephone: SERVICE_PHONE,
  periods: [],
  delay: null,
  ...extra,
});

export const ORDERS: Order[] = [
  o(1001, 101, 21),
  o(1002, 102, 151),
  o(1003, 101, 174, {
    isShow: 1,
    isDelay: '1',
    periods: periods(3, 350_000, '2025-07-01'),
    delay: { fee: 150_000, days: 7, expiry: '2025-07-08 23:59:59' },
  }),
  o(1004, 103, 180, {
    isShow: 1,
    isDelay: '1',
    isScore: 1,
    telephone: '',
    periods: periods(3, 400_000, '2025-04-10', 1, 1),
    delay: { fee: 200_000, days: 7, expiry: '2025-05-17 23:59:59' },
  }),
  o(1005, 104, 110),
  o(1006, 102, 200, { isScore: 1, periods: periods(2, 600_000, '2025-02-01', 2) }),
  o(1007, 105, 170, { isShow: 1, periods: periods(1, 1_080_000, '2025-06-20') }),
  o(1008, 103, 3, {
    isShow: 1,
    isDelay: '1',
    periods: periods(3, [350_000, 350_000, 400_000], '2025-07-05'),
    delay: { fee: 1_250_000, days: 7, expiry: '2025-07-12 23:59:59' },
  }),
  o(1009, 104, 4, { isScore: 1, periods: periods(2, 530_000, '2025-01-15', 2) }),
  o(1010, 105, 5, {
    isShow: 1,
    isDelay: '1',
    periods: periods(2, 560_000, '2025-04-25', 0, 1),
    delay: { fee: 180_000, days: 7, expiry: '2025-05-02 23:59:59' },
  }),
];

/** Status texts for loan details (noticeStatusText / noticeDesText) and complaint order cards. */
export const STATUS_TEXT: Record<number, [string, string]> = {
  21: ['Sedang ditinjau', 'Pengajuan Anda sedang ditinjau, keputusan dalam 1 hari.'],
  151: ['Disetujui', 'Dana akan dikirim ke rekening Anda dalam 1-3 hari.'],
  174: ['Dalam pembayaran', 'Bayar tepat waktu untuk menjaga skor kredit Anda.'],
  180: ['Terlambat', 'Tagihan Anda sudah jatuh tempo. Segera lakukan pembayaran.'],
  110: ['Ditolak', 'Maaf, pengajuan Anda belum disetujui.'],
  200: ['Lunas', 'Terima kasih, pinjaman Anda sudah lunas.'],
  170: ['Jatuh tempo', 'Tagihan Anda jatuh tempo hari ini.'],
  3: ['Dalam pembayaran', 'Bayar tepat waktu untuk menjaga skor kredit Anda.'],
  4: ['Lunas', 'Terima kasih, pinjaman Anda sudah lunas.'],
  5: ['Terlambat', 'Tagihan Anda sudah jatuh tempo. Segera lakukan pembayaran.'],
};

export const BANK_CARDS: BankCard[] = [
  { id: 1, bankName: 'BCA', cardNo: '6222020012345678', bankCode: 'BCA', needValid: 1 },
  { id: 2, bankName: 'BNI', cardNo: '6013010087654321', bankCode: 'BNI', needValid: 0 },
];

/** Legacy complaint types; value 1 (collection) has sub-types and needs an order with isShow 1. */
export const PROBLEM_TYPES = [
  { value: 1, title: 'Collection', title_local: 'Penagihan' },
  { value: 2, title: 'Repayment', title_local: 'Pembayaran' },
  { value: 3, title: 'Loan application', title_local: 'Pengajuan pinjaman' },
  { value: 4, title: 'Account and security', title_local: 'Akun dan keamanan' },
  { value: 5, title: 'Other', title_local: 'Lainnya' },
];
export const PROBLEM_SON_TYPES = [
  { value: 1, title: 'Rude or threatening language' },
  { value: 2, title: 'Contacting my emergency contacts' },
  { value: 3, title: 'Calls at unreasonable hours' },
];
/** v3 complaint entry: the four types of /complainNewPage. */
export const V3_PROBLEM_STATUS = PROBLEM_TYPES.slice(0, 4).map(({ value, title_local }) => ({ value, title_local }));

export const PROBLEMS: Problem[] = [
  {
    problemId: 501,
    orderNo: 'SB1004',
    type: 1,
    sonType: 2,
    content: 'Penagih menghubungi kontak darurat saya berkali-kali.',
    images: [],
    time: '2025-05-20 09:12:44',
    disposeDetail: 'Kami telah menegur tim penagihan terkait. Mohon maaf atas ketidaknyamanannya.',
    disposeImages: [],
    isScore: 1,
    score: null,
  },
  {
    problemId: 502,
    orderNo: 'SB1003',
    type: 2,
    sonType: null,
    content: 'Saya sudah membayar tetapi status belum berubah.',
    images: [],
    time: '2025-06-02 14:03:10',
    disposeDetail: '',
    disposeImages: [],
    isScore: 0,
    score: null,
  },
  {
    problemId: 503,
    orderNo: 'SB1006',
    type: 3,
    sonType: null,
    content: 'Kapan dana saya dicairkan?',
    images: [],
    time: '2025-03-11 08:30:00',
    disposeDetail: 'Dana telah dicairkan pada 2025-03-12.',
    disposeImages: [],
    isScore: 0,
    score: 5,
  },
];

/** Chatbot QA tree (get-qa-list by pid). action_type: 1 category, 2 question, 3 answer, 4 jump to agent complaint. */
const q = (id: number, pid: number, action_type: QaNode['action_type'], title_local: string, alias = ''): QaNode => ({
  id,
  pid,
  action_type,
  title_local,
  title_local_alias: alias,
});
export const QA_TREE: QaNode[] = [
  q(1, 0, 1, 'Pembayaran', 'Bayar'),
  q(2, 0, 1, 'Pinjaman', 'Pinjam'),
  q(3, 0, 1, 'Penagihan', 'Tagih'),
  q(4, 0, 1, 'Akun', 'Akun'),
  q(11, 1, 2, 'Bagaimana cara membayar tagihan?'),
  q(111, 11, 3, 'Buka Detail Tagihan, pilih metode pembayaran, lalu ikuti langkahnya.'),
  q(12, 1, 2, 'Sudah bayar tetapi status belum berubah'),
  q(121, 12, 3, 'Status diperbarui paling lambat 1x24 jam setelah pembayaran.'),
  q(13, 1, 4, 'Hubungi agen tentang pembayaran'),
  q(21, 2, 2, 'Berapa lama proses persetujuan?'),
  q(211, 21, 3, 'Keputusan diberikan dalam 1 hari kerja.'),
  q(22, 2, 2, 'Kapan dana dicairkan?'),
  q(221, 22, 3, 'Dana dicairkan dalam 1-3 hari setelah disetujui.'),
  q(23, 2, 4, 'Hubungi agen tentang pinjaman'),
  q(31, 3, 2, 'Penagih menggunakan bahasa kasar'),
  q(311, 31, 3, 'Kami tidak menoleransi penagihan kasar. Silakan laporkan melalui agen.'),
  q(32, 3, 4, 'Laporkan penagihan ke agen'),
  q(41, 4, 2, 'Cara mengganti nomor telepon'),
  q(411, 41, 3, 'Buka menu Akun, pilih Ubah nomor, lalu verifikasi dengan kode SMS.'),
  q(42, 4, 4, 'Hubungi agen tentang akun'),
];
export const QA_GREETING = 'Halo! Ada yang bisa kami bantu? Pilih kategori di bawah.';
export const QA_LOW_SCORE_TEXT = 'Maaf atas pengalaman Anda. Kami akan terus memperbaiki layanan kami.';
export const QA_FREE_TEXT_REPLY =
  'Terima kasih, pesan Anda sudah kami terima. Hubungi agen untuk bantuan lebih lanjut.';

/** contact-kf-info by market (common param `market`); ID when absent. */
export const CONTACTS: Record<string, { email: string; smWa: string }> = {
  ID: { email: 'support.id@sandbox.cashloan.dev', smWa: '6281234567890' },
  IN: { email: 'support.in@sandbox.cashloan.dev', smWa: '919876543210' },
};

/** init-pay-type: pay_type 1 banks with methods; pay_type 2 mini markets (one entry by default). */
export const PAY_BANKS = [
  { bankName: 'BCA', bankCode: 'BCA', method: ['ATM', 'Mobile Banking', 'Internet Banking'] },
  { bankName: 'BRI', bankCode: 'BRI', method: ['ATM', 'BRImo'] },
  { bankName: 'Mandiri', bankCode: 'MANDIRI', method: ['ATM', 'Livin'] },
];
/** Banks a borrower can bind a card of (add-card screen; sandbox-ext/bank-card/banks). */
export const CARD_BANKS = [
  { bankName: 'BCA', bankCode: 'BCA' },
  { bankName: 'BNI', bankCode: 'BNI' },
  { bankName: 'BRI', bankCode: 'BRI' },
  { bankName: 'Mandiri', bankCode: 'MANDIRI' },
];
export const PAY_MARKETS = [{ name: 'Alfamart', code: 'ALFAMART' }];

/** Loan agreements of contract / contract-jump (scene 3). */
export const CONTRACTS = [
  { position: 1, title: 'Perjanjian Pinjaman' },
  { position: 2, title: 'Kebijakan Privasi' },
];
