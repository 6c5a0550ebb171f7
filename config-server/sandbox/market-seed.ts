/**
 * The sandbox answers each market as that market's backend would: Indonesia in Indonesian and rupiah (seed.ts),
 * India in English and rupees at Indian scale (seed-in.ts). A market's seed is everything the handlers send that
 * differs between the two: products, orders, complaints, the chatbot's tree, banks and the words of ready-made text
 * (status lines, detail rows, agreement pages). Pre-formatted amounts go through the app's own money formatter in the
 * market's locale (renderer/core/money), so "Rp1.050.000" and "₹10,500" read as the app would write them.
 * Shapes, ids and rules are the same in both markets: a test of one flow holds in either.
 */
import { DEFAULT_MARKET, formatAmount } from '../../renderer/core/index.js';
import * as ID from './seed.js';
import { IN_SEED } from './seed-in.js';
import type { MarketSeed, SeedWords } from './seed-types.js';

export type { MarketSeed, SeedWords } from './seed-types.js';

export const ID_WORDS: SeedWords = {
  lang: 'id',
  period: { paid: 'Lunas', overdue: 'Terlambat', unpaid: 'Belum dibayar' },
  planNote: 'Bayar periode pertama yang belum lunas terlebih dahulu.',
  delay: {
    fee: 'Biaya perpanjangan',
    length: 'Lama perpanjangan',
    days: (n) => `${n} hari`,
    due: 'Jatuh tempo saat ini',
    penalty: 'Denda',
    discount: 'Potongan',
  },
  orderRows: { orderNo: 'Nomor pesanan', amount: 'Jumlah pinjaman', applied: 'Waktu pengajuan', due: 'Jatuh tempo' },
  owed: (money) => `Sisa tagihan ${money}`,
  offer: {
    period: (n) => `Periode ${n}`,
    periodDesc: 'Pokok + bunga',
    amount: 'Jumlah pinjaman',
    interest: 'Bunga',
    total: 'Total pembayaran',
    rate: (rate) => `Suku bunga ${rate}`,
    popContent: 'Baca dan setujui perjanjian pinjaman sebelum melanjutkan.',
    popTitle: 'Perjanjian Pinjaman',
    note: 'Pelunasan lebih awal dapat dilakukan setelah setengah tenor dan minimal 7 hari setelah pencairan.',
    term: (days) => `Tenor ${days} hari`,
    instalments: (n) => `${n} kali cicilan`,
  },
  joint: {
    error: 'Login gagal: akun Anda belum dapat masuk ke produk ini.',
    notice: 'Coba produk lain yang direkomendasikan untuk Anda.',
  },
  bankSteps: (m) => `${m}: pilih Bayar / Virtual Account, masukkan kode VA, konfirmasi jumlah.`,
  marketSteps: (name) => [
    `1. Datang ke kasir ${name}.`,
    '2. Sebutkan pembayaran pinjaman dan tunjukkan kode bayar.',
    '3. Simpan struk sebagai bukti.',
  ],
  pages: {
    payment: 'Sandbox payment (Huichao)',
    paymentOrder: (orderId, money) => `Order ${orderId}: amount ${money}.`,
    paymentNote: 'This page stands in for the payment provider. No money moves in the sandbox.',
    product: (name) => `Produk: ${name}.`,
    contract:
      'Teks perjanjian contoh dari sandbox. Pelunasan lebih awal hanya setelah setengah tenor dan minimal 7 hari setelah pencairan.',
  },
};

export const ID_SEED: MarketSeed = {
  number: { locale: 'id-ID' },
  currencySymbol: 'Rp',
  servicePhone: ID.SERVICE_PHONE,
  orderPhone: ID.SERVICE_PHONE,
  products: ID.PRODUCTS,
  scenes: ID.SCENES,
  orders: ID.ORDERS,
  problems: ID.PROBLEMS,
  bankCards: ID.BANK_CARDS,
  statusText: ID.STATUS_TEXT,
  problemTypes: ID.PROBLEM_TYPES,
  problemSonTypes: ID.PROBLEM_SON_TYPES,
  qaTree: ID.QA_TREE,
  qa: { greeting: ID.QA_GREETING, lowScore: ID.QA_LOW_SCORE_TEXT, freeText: ID.QA_FREE_TEXT_REPLY },
  payBanks: ID.PAY_BANKS,
  cardBanks: ID.CARD_BANKS,
  payMarkets: ID.PAY_MARKETS,
  contracts: ID.CONTRACTS,
  words: ID_WORDS,
};

const SEEDS: Record<string, MarketSeed> = { ID: ID_SEED, IN: IN_SEED };

/** The seed of a market code (the common param `market`); an unknown market gets the default market's. */
export function seedOf(market: string): MarketSeed {
  return Object.hasOwn(SEEDS, market) ? SEEDS[market] : SEEDS[DEFAULT_MARKET];
}

/** Digits grouped in the seed's locale, as a backend's own 'strings' answers write them: "1.250.000", "12,500". */
export function seedDigits(seed: MarketSeed, n: number): string {
  return formatAmount(Math.round(n), seed.number);
}

/** A ready-made money string of the seed's market: "Rp1.050.000", "₹10,500". */
export function seedMoney(seed: MarketSeed, n: number): string {
  return seed.currencySymbol + seedDigits(seed, n);
}
