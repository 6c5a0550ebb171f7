/**
 * India's sandbox data: what an Indian lender's backend holds, in English and rupees, within India's loan range
 * (₹2,000 to ₹80,000, the IN market document's `loanRange`). Ids, statuses, periods and rules are Indonesia's
 * (seed.ts documents them): orders and fees are Indonesia's at one hundredth, so every flow and test of one market
 * holds in the other. The service phone of an order is left empty: answers fall back to the published IN market
 * document's `servicePhone` (+91 80 4000 1234), as a real backend falls back to its configured phone.
 */
import { formatAmount } from '../../renderer/core/index.js';
import type { MarketSeed, SeedWords } from './seed-types.js';
import { ORDERS, SCENES, type Order, type QaNode } from './seed.js';
import { productMaker, type Product } from './product-maker.js';

/** India's number format, as the IN market document names it: the app's own formatter writes the seed's amounts. */
const NUMBER = { locale: 'en-IN' };

/** Rupees per rupiah of the seed: keeps India's amounts within its loan range and the flows' arithmetic whole. */
const SCALE = 100;

const p = productMaker({
  amountRange: (amount) => `₹${formatAmount(2_000, NUMBER)} - ₹${formatAmount(amount, NUMBER)}`,
  amountRangeDes: 'Loan amount',
  loan_rate: '0.1%/day',
  productDesc: (name) => `${name}: credited in 1-3 days`,
  productTags: ['Quick credit', 'Low interest'],
  buttonText: 'Apply',
});

const PRODUCTS: Product[] = [
  p(101, 'Rupee Express', 15_000, { popAgreement: true }),
  p(102, 'Quick Rupee', 30_000, { jumpLink: 'native' }),
  // 1,000 over 91 days on 20,000 is 5 % a term, about 0.055 % a day: three lines of exactly 7,000.
  p(103, 'Smart Credit', 20_000, { productTags: ['No collateral'], interest: 1_000, loan_rate: '0.055%/day' }),
  p(104, 'Easy Money', 50_000, { jointState: 0 }),
  p(105, 'Cash Plus', 60_000),
  p(106, 'Business Capital', 80_000, { buttonStatus: 0, buttonText: 'Full', jointState: 0 }),
];

const scaled = (o: Order): Order => ({
  ...structuredClone(o),
  amount: o.amount / SCALE,
  telephone: '',
  periods: o.periods.map((x) => ({ ...x, totalAmount: x.totalAmount / SCALE })),
  delay: o.delay && { ...o.delay, fee: o.delay.fee / SCALE },
});

const ACTIVE: [string, string] = ['Repaying', 'Pay on time to keep your credit score healthy.'];
const OVERDUE: [string, string] = ['Overdue', 'Your bill is past its due date. Please pay now.'];
const REPAID: [string, string] = ['Repaid', 'Thank you, your loan is fully repaid.'];

const q = (id: number, pid: number, action_type: QaNode['action_type'], title_local: string, alias = ''): QaNode => ({
  id,
  pid,
  action_type,
  title_local,
  title_local_alias: alias,
});

const WORDS: SeedWords = {
  lang: 'en-IN',
  period: { paid: 'Paid', overdue: 'Overdue', unpaid: 'Unpaid' },
  planNote: 'Pay the first unpaid instalment first.',
  delay: {
    fee: 'Extension fee',
    length: 'Extension period',
    days: (n) => `${n} days`,
    due: 'Current due date',
    penalty: 'Penalty',
    discount: 'Discount',
  },
  orderRows: { orderNo: 'Order number', amount: 'Loan amount', applied: 'Applied on', due: 'Due date' },
  owed: (money) => `Outstanding ${money}`,
  offer: {
    period: (n) => `Instalment ${n}`,
    periodDesc: 'Principal + interest',
    amount: 'Loan amount',
    interest: 'Interest',
    total: 'Total repayment',
    rate: (rate) => `Interest rate ${rate}`,
    popContent: 'Please read and accept the loan agreement before you continue.',
    popTitle: 'Loan Agreement',
    note: 'You may prepay after half of the term and at least 7 days after disbursement.',
    term: (days) => `Term ${days} days`,
    instalments: (n) => `${n} instalments`,
  },
  joint: {
    error: 'Login failed: your account cannot sign in to this product yet.',
    notice: 'Try another product recommended for you.',
  },
  bankSteps: (m) => `${m}: choose Pay / Virtual Account, enter the VA code, confirm the amount.`,
  marketSteps: (name) => [
    `1. Go to a ${name} counter.`,
    '2. Say you are paying a loan and show the payment code.',
    '3. Keep the receipt as proof.',
  ],
  pages: {
    payment: 'Sandbox payment (Huichao)',
    paymentOrder: (orderId, money) => `Order ${orderId}: amount ${money}.`,
    paymentNote: 'This page stands in for the payment provider. No money moves in the sandbox.',
    product: (name) => `Product: ${name}.`,
    contract:
      'Sample agreement text from the sandbox. Prepayment only after half of the term and at least 7 days after disbursement.',
  },
};

export const IN_SEED: MarketSeed = {
  number: NUMBER,
  currencySymbol: '₹',
  servicePhone: '+91 80 4000 1234',
  orderPhone: '',
  products: PRODUCTS,
  scenes: SCENES,
  orders: ORDERS.map(scaled),
  problems: [
    {
      problemId: 501,
      orderNo: 'SB1004',
      type: 1,
      sonType: 2,
      content: 'The collector called my emergency contacts many times.',
      images: [],
      time: '2025-05-20 09:12:44',
      disposeDetail: 'We have warned the collection team concerned. We apologise for the trouble.',
      disposeImages: [],
      isScore: 1,
      score: null,
    },
    {
      problemId: 502,
      orderNo: 'SB1003',
      type: 2,
      sonType: null,
      content: 'I have paid but the status has not changed.',
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
      content: 'When will my loan be credited?',
      images: [],
      time: '2025-03-11 08:30:00',
      disposeDetail: 'The loan was credited on 2025-03-12.',
      disposeImages: [],
      isScore: 0,
      score: 5,
    },
  ],
  bankCards: [
    { id: 1, bankName: 'HDFC Bank', cardNo: '6222020012345678', bankCode: 'HDFC', needValid: 1 },
    { id: 2, bankName: 'ICICI Bank', cardNo: '6013010087654321', bankCode: 'ICICI', needValid: 0 },
  ],
  statusText: {
    21: ['Under review', 'Your application is under review; a decision within 1 day.'],
    151: ['Approved', 'The money will reach your bank account in 1-3 days.'],
    174: ACTIVE,
    180: OVERDUE,
    110: ['Rejected', 'Sorry, your application was not approved.'],
    200: REPAID,
    170: ['Due today', 'Your bill is due today.'],
    3: ACTIVE,
    4: REPAID,
    5: OVERDUE,
  },
  problemTypes: [
    { value: 1, title: 'Collection', title_local: 'Collection' },
    { value: 2, title: 'Repayment', title_local: 'Repayment' },
    { value: 3, title: 'Loan application', title_local: 'Loan application' },
    { value: 4, title: 'Account and security', title_local: 'Account and security' },
    { value: 5, title: 'Other', title_local: 'Other' },
  ],
  problemSonTypes: [
    { value: 1, title: 'Rude or threatening language' },
    { value: 2, title: 'Contacting my emergency contacts' },
    { value: 3, title: 'Calls at unreasonable hours' },
  ],
  qaTree: [
    q(1, 0, 1, 'Repayment', 'Pay'),
    q(2, 0, 1, 'Loans', 'Loan'),
    q(3, 0, 1, 'Collection', 'Collect'),
    q(4, 0, 1, 'Account', 'Account'),
    q(11, 1, 2, 'How do I pay my bill?'),
    q(111, 11, 3, 'Open Bill details, choose a payment method, then follow the steps.'),
    q(12, 1, 2, 'I paid but the status has not changed'),
    q(121, 12, 3, 'The status updates within 24 hours of payment.'),
    q(13, 1, 4, 'Contact an agent about repayment'),
    q(21, 2, 2, 'How long does approval take?'),
    q(211, 21, 3, 'A decision is given within 1 working day.'),
    q(22, 2, 2, 'When is the loan credited?'),
    q(221, 22, 3, 'The loan is credited within 1-3 days of approval.'),
    q(23, 2, 4, 'Contact an agent about loans'),
    q(31, 3, 2, 'A collector used abusive language'),
    q(311, 31, 3, 'We do not tolerate abusive collection. Please report it through an agent.'),
    q(32, 3, 4, 'Report a collection to an agent'),
    q(41, 4, 2, 'How to change my phone number'),
    q(411, 41, 3, 'Open Account, choose Change number, then verify with the SMS code.'),
    q(42, 4, 4, 'Contact an agent about my account'),
  ],
  qa: {
    greeting: 'Hello! How can we help? Choose a topic below.',
    lowScore: 'Sorry about your experience. We will keep improving our service.',
    freeText: 'Thank you, we have received your message. Contact an agent for more help.',
  },
  payBanks: [
    { bankName: 'HDFC Bank', bankCode: 'HDFC', method: ['UPI', 'Net Banking', 'Debit Card'] },
    { bankName: 'State Bank of India', bankCode: 'SBI', method: ['UPI', 'YONO'] },
    { bankName: 'ICICI Bank', bankCode: 'ICICI', method: ['UPI', 'iMobile'] },
  ],
  cardBanks: [
    { bankName: 'HDFC Bank', bankCode: 'HDFC' },
    { bankName: 'ICICI Bank', bankCode: 'ICICI' },
    { bankName: 'State Bank of India', bankCode: 'SBI' },
    { bankName: 'Axis Bank', bankCode: 'AXIS' },
  ],
  payMarkets: [{ name: 'PayPoint', code: 'PAYPOINT' }],
  contracts: [
    { position: 1, title: 'Loan Agreement' },
    { position: 2, title: 'Privacy Policy' },
  ],
  words: WORDS,
};
