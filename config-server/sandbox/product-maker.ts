/** A lender's loan product as the sandbox answers it, and the maker each market's seed writes its products with. */
export interface Product {
  id: number;
  productName: string;
  logo: string;
  amountRange: string;
  amountRangeDes: string;
  loan_rate: string;
  productDesc: string;
  productTags: string[];
  buttonStatus: 0 | 1;
  buttonText: string;
  amount: number;
  days: number;
  /** Total interest of the offer over the whole term (Rp); absent: 0.1 % a day (loan-offer.ts). Match loan_rate. */
  interest?: number;
  /** Joint-login failure list: 0 = not tappable. Jump link: http page or native scheme. */
  jointState: 0 | 1;
  jumpLink: 'page' | 'native';
  popAgreement: boolean;
}

/** What a market's product card says around its numbers: every product of one market says it alike. */
export interface ProductWords {
  amountRange: (amount: number) => string;
  amountRangeDes: string;
  loan_rate: string;
  productDesc: (productName: string) => string;
  productTags: string[];
  buttonText: string;
}

/** A market's product maker: ids, logos, terms and switches are the same in every market. */
export const productMaker =
  (w: ProductWords) =>
  (id: number, productName: string, amount: number, extra: Partial<Product> = {}): Product => ({
    id,
    productName,
    logo: `assets/logos/${id}.svg`,
    amountRange: w.amountRange(amount),
    amountRangeDes: w.amountRangeDes,
    loan_rate: w.loan_rate,
    productDesc: w.productDesc(productName),
    productTags: w.productTags,
    buttonStatus: 1,
    buttonText: w.buttonText,
    amount,
    days: 91,
    jointState: 1,
    jumpLink: 'page',
    popAgreement: false,
    ...extra,
  });
