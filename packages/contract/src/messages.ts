// Every text the server sends to a person, in both languages, keyed by a stable machine code.
// Adding a message is one edit here: its code with its English and Burmese text side by side (a message with
// parameters also gets its typed function in MSG below; the compiler insists).
//
// Call sites keep passing `MSG.x` (or `MSG.x(param)`) wherever a string goes (AppError, zod schemas, `ok()`):
// each is a *reference* (`⟦code⟧` or `⟦code {"param":…}⟧`) that the server resolves per request into the
// caller's language and puts the code beside it in the envelope (`code`, `errorCodes`). The web app never
// imports this file (it would ship the whole catalogue to the storefront): it asks in its language and shows the
// texts as they come, and can match `code`s. See docs/decisions/0025.

import type { Language } from './limits.ts';

export type { Language };
/** Used when the request names neither language (API clients, curl): the spec's texts are English. */
export const DEFAULT_API_LANGUAGE: Language = 'en';

type Params = Record<string, string | number>;
type Text = string | ((p: Params) => string);
type Entry = { en: Text; mm: Text };

/** Burmese digits for numbers shown inside Burmese sentences. */
export function burmeseDigits(n: number | string): string {
  return String(n).replace(/[0-9]/g, (d) => String.fromCharCode(0x1040 + Number(d)));
}

/** Server types as a person says them, in SERVER_TYPES order (NONE, SERVER, ZONEID). */
const SERVER_TYPE_WORDS = [
  { en: 'no server', mm: 'ဆာဗာ မလိုပါ' },
  { en: 'server from a list', mm: 'ဆာဗာ ရွေးရန်' },
  { en: 'Zone ID', mm: 'ဇုန် ID' },
] as const;

/** The shop in one sentence: the storefront's meta description (link previews, search results). */
const SHOP_DESCRIPTION = {
  en: 'Top up your favourite games in Myanmar: pay by mobile banking or phone bill, credits delivered in minutes.',
  mm: 'သင်နှစ်သက်သော ဂိမ်းများကို မြန်မာနိုင်ငံတွင် ငွေဖြည့်ပါ။ မိုဘိုင်းဘဏ် သို့မဟုတ် ဖုန်းဘေလ်ဖြင့် ပေးချေပြီး မိနစ်ပိုင်းအတွင်း ရရှိပါမည်။',
};

const CATALOG = {
  ok: { en: 'Success', mm: 'အောင်မြင်ပါသည်' },
  transactionNumber: {
    en: 'Transaction number must be exactly 6 digits.',
    mm: 'ငွေလွှဲနံပါတ်သည် ဂဏန်း ၆ လုံး အတိအကျ ဖြစ်ရမည်။',
  },
  passwordsMustMatch: {
    en: 'New Password and Confirm Password must match.',
    mm: 'စကားဝှက်အသစ်နှင့် အတည်ပြုစကားဝှက် တူညီရပါမည်။',
  },
  passwordTooShort: {
    en: (p) => `Password must be at least ${p.min} characters.`,
    mm: (p) => `စကားဝှက်သည် အနည်းဆုံး စာလုံး ${burmeseDigits(p.min!)} လုံး ရှိရပါမည်။`,
  },
  wrongCredentials: { en: 'Wrong email or password.', mm: 'အီးမေးလ် သို့မဟုတ် စကားဝှက် မှားနေပါသည်။' },
  tooManyAttempts: {
    en: (p) => `Too many failed attempts. Try again in ${waitEn(Number(p.seconds))}.`,
    mm: (p) => `မှားယွင်းစွာ ကြိုးစားမှု များလွန်းပါသည်။ ${waitMm(Number(p.seconds))} ကြာမှ ထပ်မံကြိုးစားပါ။`,
  },
  tooManyRequests: {
    en: (p) => `Too many requests. Try again in ${waitEn(Number(p.seconds))}.`,
    mm: (p) => `တောင်းဆိုမှု များလွန်းပါသည်။ ${waitMm(Number(p.seconds))} ကြာမှ ထပ်မံကြိုးစားပါ။`,
  },
  tooManyStreamsForOrder: {
    en: (p) => `This order's status is already open live on too many pages. Close one, or try again in ${waitEn(Number(p.seconds))}.`,
    mm: (p) => `ဤမှာယူမှု၏ အခြေအနေကို စာမျက်နှာ အများအပြားတွင် တိုက်ရိုက် ဖွင့်ထားပြီး ဖြစ်ပါသည်။ တစ်ခုကို ပိတ်ပါ၊ သို့မဟုတ် ${waitMm(Number(p.seconds))} ကြာမှ ထပ်မံကြိုးစားပါ။`,
  },
  tooManyStreamsFromAddress: {
    en: (p) => `Too many live status pages are open from your network. Close one, or try again in ${waitEn(Number(p.seconds))}.`,
    mm: (p) => `သင့်ကွန်ရက်မှ တိုက်ရိုက် အခြေအနေပြ စာမျက်နှာ များလွန်းစွာ ဖွင့်ထားပါသည်။ တစ်ခုကို ပိတ်ပါ၊ သို့မဟုတ် ${waitMm(Number(p.seconds))} ကြာမှ ထပ်မံကြိုးစားပါ။`,
  },
  invalidRefreshToken: {
    en: 'Invalid or expired refresh token.',
    mm: 'အကောင့်ဝင်ချိန် ကုန်ဆုံးသွားပါပြီ သို့မဟုတ် မမှန်ကန်ပါ။ ထပ်မံ အကောင့်ဝင်ပါ။',
  },
  noRefreshToken: { en: 'No refresh token found', mm: 'အကောင့်ဝင်ထားခြင်း မရှိပါ။' },
  unauthorized: { en: 'You need to login first!', mm: 'ဦးစွာ အကောင့်ဝင်ရန် လိုအပ်ပါသည်!' },
  forbidden: { en: 'You are not allowed to do this.', mm: 'ဤလုပ်ဆောင်ချက်ကို ပြုလုပ်ခွင့် မရှိပါ။' },
  sessionExpired: { en: 'Session expired', mm: 'အကောင့်ဝင်ချိန် ကုန်ဆုံးသွားပါပြီ' },
  loginOk: { en: 'Login successful', mm: 'အကောင့်ဝင်ပြီးပါပြီ' },
  tokenRefreshed: { en: 'Token refreshed', mm: 'အကောင့်ဝင်ချိန် သက်တမ်းတိုးပြီးပါပြီ' },
  loggedOut: { en: 'Logged out', mm: 'အကောင့်မှ ထွက်ပြီးပါပြီ' },
  created: {
    en: (p) => `${THINGS[p.what as Thing]?.en ?? p.what} created`,
    mm: (p) => `${THINGS[p.what as Thing]?.mm ?? p.what} ဖန်တီးပြီးပါပြီ`,
  },
  updated: {
    en: (p) => `${THINGS[p.what as Thing]?.en ?? p.what} updated`,
    mm: (p) => `${THINGS[p.what as Thing]?.mm ?? p.what} ပြင်ဆင်ပြီးပါပြီ`,
  },
  deleted: {
    en: (p) => `${THINGS[p.what as Thing]?.en ?? p.what} deleted`,
    mm: (p) => `${THINGS[p.what as Thing]?.mm ?? p.what} ဖျက်ပြီးပါပြီ`,
  },
  orderMarkedRead: { en: 'Order marked as read', mm: 'အော်ဒါကို ဖတ်ပြီးအဖြစ် မှတ်ပြီးပါပြီ' },
  orderUpdated: { en: 'Order updated', mm: 'အော်ဒါ ပြင်ဆင်ပြီးပါပြီ' },
  orderDeleted: { en: 'Order deleted', mm: 'အော်ဒါ ဖျက်ပြီးပါပြီ' },
  userCreated: { en: 'User created', mm: 'အသုံးပြုသူ ဖန်တီးပြီးပါပြီ' },
  forgotPasswordSent: {
    en: 'If that email belongs to an account, a reset link has been sent.',
    mm: 'ထိုအီးမေးလ်ဖြင့် အကောင့်ရှိပါက စကားဝှက်အသစ် သတ်မှတ်ရန် လင့်ခ်ကို ပို့ပြီးပါပြီ။',
  },
  resetLinkInvalid: {
    en: 'This reset link is invalid or has expired.',
    mm: 'ဤလင့်ခ်သည် မမှန်ကန်ပါ သို့မဟုတ် သက်တမ်းကုန်သွားပါပြီ။',
  },
  passwordReset: {
    en: 'Your password has been reset. You can sign in now.',
    mm: 'စကားဝှက်အသစ် သတ်မှတ်ပြီးပါပြီ။ ယခု အကောင့်ဝင်နိုင်ပါပြီ။',
  },
  passwordChanged: { en: 'Password changed successfully!', mm: 'စကားဝှက် ပြောင်းလဲပြီးပါပြီ!' },
  oldPasswordWrong: { en: 'The old password is not correct.', mm: 'စကားဝှက်အဟောင်း မှန်ကန်မှု မရှိပါ။' },
  emailTaken: { en: 'A user with this email already exists.', mm: 'ဤအီးမေးလ်ဖြင့် အသုံးပြုသူ ရှိပြီးသားဖြစ်ပါသည်။' },
  cannotDeleteSelf: { en: 'You cannot delete your own account.', mm: 'သင့်ကိုယ်ပိုင်အကောင့်ကို ဖျက်၍ မရပါ။' },
  cannotDeleteLastUser: { en: 'The last user cannot be deleted.', mm: 'နောက်ဆုံးကျန်ရှိသော အသုံးပြုသူကို ဖျက်၍ မရပါ။' },
  maxConfigSettings: {
    en: 'At most 4 payment accounts can exist.',
    mm: 'ငွေပေးချေမှုအကောင့် အများဆုံး ၄ ခုသာ ထားနိုင်ပါသည်။',
  },
  notFound: {
    en: (p) => `${THINGS[p.what as Thing]?.en ?? p.what} not found.`,
    mm: (p) => `${THINGS[p.what as Thing]?.mm ?? p.what} ကို ရှာမတွေ့ပါ။`,
  },
  routeNotFound: { en: 'There is no such address in this API.', mm: 'ဤ API တွင် ထိုလိပ်စာ မရှိပါ။' },
  methodNotAllowed: {
    en: 'This address does not take this method; the Allow header lists the ones it takes.',
    mm: 'ဤလိပ်စာသည် ဤ method ကို လက်မခံပါ။ လက်ခံသော method များကို Allow header တွင် ဖော်ပြထားပါသည်။',
  },
  validationFailed: { en: 'Some fields are not valid.', mm: 'အချို့အကွက်များ မှန်ကန်မှု မရှိပါ။' },
  imageRequired: { en: 'An image file is required.', mm: 'ပုံဖိုင် တစ်ခု လိုအပ်ပါသည်။' },
  imageInvalid: {
    en: 'The file must be a PNG, JPEG, WebP or GIF image.',
    mm: 'ဖိုင်သည် PNG, JPEG, WebP သို့မဟုတ် GIF ပုံ ဖြစ်ရပါမည်။',
  },
  imageTooLarge: { en: 'The file is too large.', mm: 'ဖိုင် အရွယ်အစား ကြီးလွန်းပါသည်။' },
  imageTooManyPixels: { en: 'The image is too large in pixels.', mm: 'ပုံ၏ pixel အရေအတွက် များလွန်းပါသည်။' },
  quantityRange: { en: 'Quantity must be between 1 and 10.', mm: 'အရေအတွက်သည် ၁ မှ ၁၀ အတွင်း ဖြစ်ရပါမည်။' },
  quantityNotAllowed: {
    en: 'This package can only be bought one at a time.',
    mm: 'ဤပက်ကေ့ချ်ကို တစ်ကြိမ်လျှင် တစ်ခုသာ ဝယ်နိုင်ပါသည်။',
  },
  gameDisabled: { en: 'This game is not available.', mm: 'ဤဂိမ်းကို ယခု ဝယ်ယူ၍ မရနိုင်ပါ။' },
  serverRequired: { en: 'Please choose a server.', mm: 'Server ကို ရွေးပေးပါ။' },
  serverOption: { en: 'Please choose one of the listed servers.', mm: 'ပြထားသော Server များထဲမှ တစ်ခုကို ရွေးပေးပါ။' },
  zoneRequired: { en: 'Please enter your Zone ID.', mm: 'သင်၏ Zone ID ကို ထည့်ပေးပါ။' },
  mobileNumber: {
    en: 'Enter a Myanmar mobile number (09… or +959…).',
    mm: 'မြန်မာ ဖုန်းနံပါတ် (09… သို့မဟုတ် +959…) ကို ထည့်ပါ။',
  },
  subTotalChanged: {
    en: 'The price of this package has changed. Please check the new total.',
    mm: 'ဤပက်ကေ့ချ်၏ စျေးနှုန်း ပြောင်းလဲသွားပါသည်။ စုစုပေါင်း အသစ်ကို ပြန်စစ်ပေးပါ။',
  },
  screenshotRequired: { en: 'Please upload the payment screenshot.', mm: 'ငွေလွှဲ screenshot ကို တင်ပေးပါ။' },
  screenshotShape: {
    en: 'The screenshot is too long or too narrow to be a payment screen. Please upload the screenshot of the payment as the phone shows it.',
    mm: 'ဤ screenshot သည် ငွေလွှဲ မျက်နှာပြင်တစ်ခု ဖြစ်ရန် အလွန်ရှည်လွန်း သို့မဟုတ် ကျဉ်းလွန်းပါသည်။ ဖုန်းတွင် ပြသည့်အတိုင်း ငွေလွှဲ screenshot ကို တင်ပေးပါ။',
  },
  choosePackage: { en: 'Choose a package.', mm: 'ပက်ကေ့ချ် ရွေးပါ။' },
  chooseGame: { en: 'Choose a game.', mm: 'ဂိမ်း ရွေးပါ။' },
  orderCreated: { en: 'Order has been successfully placed!', mm: 'အော်ဒါ တင်ပြီးပါပြီ။ ၃ မိနစ်အတွင်း ရောက်ရှိပါမည်။' },
  orderConflict: {
    en: 'The order was changed by someone else at the same time. Please try again.',
    mm: 'ဤအော်ဒါကို အခြားသူတစ်ဦးက တစ်ချိန်တည်းတွင် ပြင်ဆင်လိုက်ပါသည်။ ထပ်မံကြိုးစားပါ။',
  },
  ordersCleaned: {
    en: (p) => `${p.count} order${Number(p.count) === 1 ? '' : 's'} deleted successfully`,
    mm: (p) => `အော်ဒါ ${burmeseDigits(p.count!)} ခုကို ဖျက်ပြီးပါပြီ`,
  },
  cleanCount: {
    en: 'Weekly cleaning takes count 3; monthly takes 1, 2 or 3.',
    mm: 'အပတ်စဉ် ရှင်းလင်းရန် အရေအတွက် ၃ သာ ရွေးနိုင်ပြီး လစဉ်အတွက် ၁၊ ၂ သို့မဟုတ် ၃ ရွေးနိုင်ပါသည်။',
  },
  logoRequired: { en: 'A logo image is required.', mm: 'လိုဂိုပုံ လိုအပ်ပါသည်။' },
  profileImageRequired: { en: 'A game profile image is required.', mm: 'ဂိမ်း ပရိုဖိုင်ပုံ လိုအပ်ပါသည်။' },
  packageImageRequired: { en: 'A package image is required.', mm: 'ပက်ကေ့ချ်ပုံ လိုအပ်ပါသည်။' },
  orderIndexNonZero: { en: 'Order index must not be 0.', mm: 'အစီအစဉ်နံပါတ်သည် 0 မဖြစ်ရပါ။' },
  required: { en: 'This field is required.', mm: 'ဤအကွက်ကို ဖြည့်ရန် လိုအပ်ပါသည်။' },
  tooLong: {
    en: (p) => `Must be at most ${p.max} characters.`,
    mm: (p) => `စာလုံး ${burmeseDigits(p.max!)} လုံးထက် မပိုရပါ။`,
  },
  tooShort: {
    en: (p) => `Must be at least ${p.min} characters.`,
    mm: (p) => `အနည်းဆုံး စာလုံး ${burmeseDigits(p.min!)} လုံး ရှိရပါမည်။`,
  },
  numberTooBig: { en: (p) => `Must be at most ${p.max}.`, mm: (p) => `${burmeseDigits(p.max!)} ထက် မကြီးရပါ။` },
  numberTooSmall: { en: (p) => `Must be at least ${p.min}.`, mm: (p) => `အနည်းဆုံး ${burmeseDigits(p.min!)} ဖြစ်ရပါမည်။` },
  mustBeNumber: { en: 'Must be a number.', mm: 'ဂဏန်း ဖြစ်ရပါမည်။' },
  mustBeWholeNumber: { en: 'Must be a whole number.', mm: 'ကိန်းပြည့် ဖြစ်ရပါမည်။' },
  mustNotBeNegative: { en: 'Must not be negative.', mm: 'အနုတ်ကိန်း မဖြစ်ရပါ။' },
  mustBeType: {
    en: (p) => `Must be a ${p.expected}.`,
    mm: (p) => `${TYPES[p.expected as keyof typeof TYPES] ?? p.expected} ဖြစ်ရပါမည်။`,
  },
  mustBeOneOf: {
    en: (p) => `Must be one of ${p.options}.`,
    mm: (p) => `${p.options} ထဲမှ တစ်ခု ဖြစ်ရပါမည်။`,
  },
  mustBeBoolean: { en: "Must be 'True' or 'False'.", mm: "'True' သို့မဟုတ် 'False' ဖြစ်ရပါမည်။" },
  mustBeUuid: { en: 'Must be a UUID.', mm: 'UUID ပုံစံ ဖြစ်ရပါမည်။' },
  invalidFormat: { en: 'The format is not valid.', mm: 'ပုံစံ မှန်ကန်မှု မရှိပါ။' },
  invalidEmail: { en: 'Enter a valid email address.', mm: 'မှန်ကန်သော အီးမေးလ်လိပ်စာကို ထည့်ပါ။' },
  unknownLanguage: { en: "Language must be 'mm' or 'en'.", mm: "ဘာသာစကားသည် 'mm' သို့မဟုတ် 'en' ဖြစ်ရပါမည်။" },
  languageSaved: { en: 'Language saved', mm: 'ဘာသာစကား သိမ်းပြီးပါပြီ' },
  multipartRequired: {
    en: 'The request must be multipart/form-data.',
    mm: 'တောင်းဆိုမှုသည် multipart/form-data ဖြစ်ရပါမည်။',
  },
  jsonRequired: {
    en: 'The request body must be JSON (Content-Type: application/json).',
    mm: 'တောင်းဆိုမှု၏ ဒေတာသည် JSON (Content-Type: application/json) ဖြစ်ရပါမည်။',
  },
  jsonObjectRequired: {
    en: 'The request body must be a JSON object with the fields of this request.',
    mm: 'တောင်းဆိုမှု၏ ဒေတာသည် ဤတောင်းဆိုမှု၏ အကွက်များ ပါဝင်သော JSON object ဖြစ်ရပါမည်။',
  },
  unexpectedFile: {
    en: (p) => `Unexpected file field ${p.field}.`,
    mm: (p) => `${p.field} ဖိုင်အကွက်ကို လက်မခံပါ။`,
  },
  oneFileOnly: { en: 'Only one file is allowed in this field.', mm: 'ဤအကွက်တွင် ဖိုင် တစ်ခုသာ တင်နိုင်ပါသည်။' },
  tooManyParts: { en: 'Too many parts in the form.', mm: 'ဖောင်တွင် အစိတ်အပိုင်း များလွန်းပါသည်။' },
  formMalformed: { en: 'The form data is malformed.', mm: 'ဖောင်ဒေတာ ပုံစံ မှားယွင်းနေပါသည်။' },
  invalidJson: { en: 'The request body is not valid JSON.', mm: 'တောင်းဆိုမှု၏ ဒေတာသည် JSON ပုံစံ မမှန်ပါ။' },
  bodyTooLarge: { en: 'The request body is too large.', mm: 'တောင်းဆိုမှု၏ ဒေတာ ကြီးလွန်းပါသည်။' },
  unsupportedMediaType: {
    en: 'This content type is not supported.',
    mm: 'ဤ content type ကို လက်မခံပါ။',
  },
  badRequest: { en: 'The request is not valid.', mm: 'တောင်းဆိုမှု မှန်ကန်မှု မရှိပါ။' },
  serverError: { en: 'Something went wrong. Please try again.', mm: 'တစ်ခုခု မှားယွင်းသွားပါသည်။ ထပ်မံကြိုးစားပါ။' },
  shuttingDown: { en: 'Server is shutting down.', mm: 'ဆာဗာ ပိတ်နေပါသည်။ ခဏကြာမှ ထပ်မံကြိုးစားပါ။' },
  linkExpired: { en: 'This link has expired.', mm: 'ဤလင့်ခ် သက်တမ်းကုန်သွားပါပြီ။' },
  hubConnectionIdMissing: { en: 'The connection id is missing.', mm: 'ချိတ်ဆက်မှု id မပါရှိပါ။' },
  hubConnectionNotYours: { en: 'This connection belongs to someone else.', mm: 'ဤချိတ်ဆက်မှုသည် အခြားသူ၏ ဖြစ်ပါသည်။' },
  hubUsesWebSockets: { en: 'This connection uses WebSockets.', mm: 'ဤချိတ်ဆက်မှုသည် WebSockets ကို အသုံးပြုနေပါသည်။' },
  originNotAllowed: {
    en: 'This site is not allowed to connect with your session.',
    mm: 'ဤဝဘ်ဆိုက်မှ သင့်အကောင့်ဖြင့် ချိတ်ဆက်ခွင့် မရှိပါ။',
  },
  badUrl: { en: 'The address of this request is not valid.', mm: 'ဤတောင်းဆိုမှု၏ လိပ်စာ မှန်ကန်မှု မရှိပါ။' },
  urlTooLong: { en: 'The address of this request is too long.', mm: 'ဤတောင်းဆိုမှု၏ လိပ်စာ ရှည်လွန်းပါသည်။' },
  headersTooLarge: { en: 'The request headers are too large.', mm: 'တောင်းဆိုမှု၏ header များ ကြီးလွန်းပါသည်။' },
  requestMalformed: { en: 'The request could not be read.', mm: 'တောင်းဆိုမှုကို ဖတ်၍ မရပါ။' },
  requestTimeout: { en: 'The request took too long to arrive.', mm: 'တောင်းဆိုမှု ရောက်ရှိရန် ကြာလွန်းပါသည်။' },
  nulCharacter: { en: 'Must not contain a NUL character.', mm: 'NUL စာလုံး မပါဝင်ရပါ။' },
  overloaded: {
    en: 'The shop is very busy right now. Please try again in a few seconds.',
    mm: 'ဆိုင်တွင် ယခု အလွန်အလုပ်များနေပါသည်။ စက္ကန့်အနည်းငယ်ကြာမှ ထပ်မံကြိုးစားပါ။',
  },
  imagesBusy: {
    en: 'The server is busy processing images. Please try again in a few seconds.',
    mm: 'ဆာဗာသည် ပုံများကို စီမံနေဆဲ ဖြစ်ပါသည်။ စက္ကန့်အနည်းငယ်ကြာမှ ထပ်မံကြိုးစားပါ။',
  },
  notReady: {
    en: 'Not ready: a service the shop needs is unavailable.',
    mm: 'အသင့်မဖြစ်သေးပါ- ဆိုင်အတွက် လိုအပ်သော ဝန်ဆောင်မှုတစ်ခု မရနိုင်ပါ။',
  },
  newOrder: {
    // The order code lets staff answer a buyer who reads it out.
    en: (p) => `New order${p.code ? ` ${p.code}` : ''}: ${p.game} – ${p.package} ×${p.quantity}`,
    mm: (p) => `အော်ဒါအသစ်${p.code ? ` ${p.code}` : ''}: ${p.game} – ${p.package} ×${burmeseDigits(p.quantity!)}`,
  },
  // Cancel reasons (@topup/contract/order-reasons).
  cancelReasonInvalid: {
    en: 'Choose one of the listed cancel reasons.',
    mm: 'ပယ်ဖျက်ရသည့် အကြောင်းရင်းကို စာရင်းထဲမှ ရွေးပါ။',
  },
  cancelNoteRequired: {
    en: 'Write a note when the reason is Other.',
    mm: 'အကြောင်းရင်း "အခြား" ကို ရွေးပါက မှတ်ချက် ရေးပေးပါ။',
  },
  cancelReasonNeedsCancel: {
    en: 'A cancel reason can only be given to a cancelled order.',
    mm: 'ပယ်ဖျက်သည့် အော်ဒါကိုသာ ပယ်ဖျက်ရသည့် အကြောင်းရင်း ပေးနိုင်ပါသည်။',
  },
  cancelNoteNeedsReason: {
    en: 'Choose a reason for this note.',
    mm: 'ဤမှတ်ချက်အတွက် အကြောင်းရင်းတစ်ခု ရွေးပါ။',
  },
  // The staff's order list, timeline and SLA (@topup/contract/order-list, order-timeline, order-summary).
  orderChanged: {
    en: (p) =>
      `${p.who ? `${p.who} changed this order` : 'This order was changed'} after you opened it. Look at it again before changing it.`,
    mm: (p) => `သင်ဖွင့်ပြီးနောက် ${p.who ? `${p.who} က ဤအော်ဒါကို ပြင်ဆင်လိုက်ပါသည်` : 'ဤအော်ဒါကို ပြင်ဆင်ထားပါသည်'}။ မပြင်မီ ပြန်ကြည့်ပါ။`,
  },
  invalidDateTime: {
    en: 'Enter a date (2026-11-23) or a date and time with its offset.',
    mm: 'ရက်စွဲ (2026-11-23) သို့မဟုတ် ရက်စွဲနှင့် အချိန်ကို offset နှင့်တကွ ထည့်ပါ။',
  },
  dateRangeOrder: { en: 'The end of the range must be after its start.', mm: 'ရက်အပိုင်းအခြား၏ အဆုံးသည် အစထက် နောက်ကျရပါမည်။' },
  statusNoteNeedsChange: {
    en: 'A note can only go with completing or reopening the order.',
    mm: 'အော်ဒါကို ပြီးဆုံးကြောင်း သို့မဟုတ် ပြန်ဖွင့်ကြောင်း ပြောင်းသည့်အခါမှသာ မှတ်ချက် ထည့်နိုင်ပါသည်။',
  },
  cancelReasonRequired: { en: 'Choose why the order is cancelled.', mm: 'အော်ဒါကို ပယ်ဖျက်ရသည့် အကြောင်းရင်းကို ရွေးပါ။' },
  bulkIdsOrFilter: {
    en: 'Send either the selected orders or a filter, not both.',
    mm: 'ရွေးထားသော အော်ဒါများ သို့မဟုတ် စစ်ထုတ်မှု တစ်ခုခုကိုသာ ပို့ပါ။',
  },
  bulkNothingSelected: { en: 'Select at least one order.', mm: 'အော်ဒါ အနည်းဆုံး တစ်ခု ရွေးပါ။' },
  bulkTooMany: {
    en: (p) => `At most ${p.max} orders at once.`,
    mm: (p) => `တစ်ကြိမ်လျှင် အော်ဒါ ${burmeseDigits(p.max!)} ခုအထိသာ ရပါသည်။`,
  },
  bulkFilterTooBroad: {
    en: (p) => `${p.count} orders match; at most ${p.max} can be changed at once. Narrow the filter.`,
    mm: (p) => `အော်ဒါ ${burmeseDigits(p.count!)} ခု ကိုက်ညီနေပါသည်။ တစ်ကြိမ်လျှင် ${burmeseDigits(p.max!)} ခုအထိသာ ပြောင်းနိုင်ပါသည်။ စစ်ထုတ်မှုကို ကျဉ်းပါ။`,
  },
  bulkNotPending: {
    en: 'Only pending orders can be completed or cancelled together.',
    mm: 'စောင့်ဆိုင်းဆဲ အော်ဒါများကိုသာ တပြိုင်နက် ပြီးဆုံး သို့မဟုတ် ပယ်ဖျက်နိုင်ပါသည်။',
  },
  bulkDone: {
    en: (p) => `${p.succeeded} changed, ${p.failed} not changed.`,
    mm: (p) => `${burmeseDigits(p.succeeded!)} ခု ပြောင်းပြီး၊ ${burmeseDigits(p.failed!)} ခု မပြောင်းနိုင်ပါ။`,
  },
  exportColumn: {
    en: (p) => EXPORT_HEADERS[p.column as keyof typeof EXPORT_HEADERS]?.en ?? String(p.column),
    mm: (p) => EXPORT_HEADERS[p.column as keyof typeof EXPORT_HEADERS]?.mm ?? String(p.column),
  },
  shopDescription: SHOP_DESCRIPTION,
  shopDescriptionWithGames: {
    en: (p) => `${p.games} and more. ${SHOP_DESCRIPTION.en}`,
    mm: (p) => `${p.games} နှင့် အခြားဂိမ်းများ။ ${SHOP_DESCRIPTION.mm}`,
  },
  resetMailSubject: { en: 'Reset your password', mm: 'စကားဝှက်အသစ် သတ်မှတ်ရန်' },
  resetMailBody: {
    en: (p) =>
      `Someone asked to reset the password of this account.\n\nOpen this link within 30 minutes to choose a new password (it works once):\n${p.link}\n\nIf it wasn't you, ignore this mail; your password stays as it is.`,
    mm: (p) =>
      `ဤအကောင့်၏ စကားဝှက်ကို အသစ်ပြန်သတ်မှတ်ရန် တောင်းဆိုထားပါသည်။\n\nစကားဝှက်အသစ် ရွေးရန် ဤလင့်ခ်ကို မိနစ် ၃၀ အတွင်း ဖွင့်ပါ (တစ်ကြိမ်သာ အသုံးပြုနိုင်ပါသည်):\n${p.link}\n\nသင်ကိုယ်တိုင် တောင်းဆိုခြင်း မဟုတ်ပါက ဤမေးလ်ကို လျစ်လျူရှုပါ။ သင့်စကားဝှက် မပြောင်းလဲပါ။`,
  },
  // Owner controls: roles, shop settings, payment accounts on/off, two-factor sign-in, invitations.
  ownerOnly: { en: 'Only the shop owner can do this.', mm: 'ဤအရာကို ဆိုင်ပိုင်ရှင်သာ ပြုလုပ်နိုင်ပါသည်။' },
  lastOwner: {
    en: 'The shop needs at least one owner: make someone else an owner first.',
    mm: 'ဆိုင်တွင် ပိုင်ရှင် အနည်းဆုံး တစ်ဦး ရှိရပါမည်။ အခြားတစ်ဦးကို ပိုင်ရှင်အဖြစ် အရင်သတ်မှတ်ပါ။',
  },
  lastActivePaymentAccount: {
    en: 'At least one payment account must stay active while any game is on sale: activate another account first, or disable the games.',
    mm: 'ဂိမ်းများ ရောင်းချနေစဉ် ငွေပေးချေမှုအကောင့် အနည်းဆုံး တစ်ခု ဖွင့်ထားရပါမည်။ အခြားအကောင့်တစ်ခုကို အရင်ဖွင့်ပါ သို့မဟုတ် ဂိမ်းများကို ပိတ်ပါ။',
  },
  noActivePaymentAccount: {
    en: 'A game can go on sale only while a payment account is active: add or activate one under Payment accounts first, or save the game as disabled.',
    mm: 'ငွေပေးချေမှုအကောင့် တစ်ခု ဖွင့်ထားမှသာ ဂိမ်းကို ရောင်းချနိုင်ပါသည်။ ငွေပေးချေမှုအကောင့်များတွင် တစ်ခု အရင်ထည့်ပါ သို့မဟုတ် ဖွင့်ပါ၊ သို့မဟုတ် ဂိမ်းကို ပိတ်ထားသည့်အတိုင်း သိမ်းပါ။',
  },
  shopSettingsSaved: { en: 'Shop settings saved', mm: 'ဆိုင် ဆက်တင်များကို သိမ်းပြီးပါပြီ' },
  securitySettingsSaved: { en: 'Security settings saved', mm: 'လုံခြုံရေး ဆက်တင်များကို သိမ်းပြီးပါပြီ' },
  invalidLink: { en: 'Enter a full link starting with https://.', mm: 'https:// ဖြင့် စသော လင့်ခ် အပြည့်အစုံကို ထည့်ပါ။' },
  invalidTimeZone: { en: 'Choose a time zone such as Asia/Yangon.', mm: 'Asia/Yangon ကဲ့သို့ စံတော်ချိန်ဇုန်တစ်ခုကို ရွေးပါ။' },
  deliveryMinutes: {
    en: 'Delivery promise must be between 1 and 1440 minutes.',
    mm: 'ပို့ဆောင်ပေးမည့်အချိန်သည် ၁ မိနစ်မှ ၁၄၄၀ မိနစ်အတွင်း ဖြစ်ရပါမည်။',
  },
  invalidPhone: { en: 'Enter a phone number (digits, spaces, + and -).', mm: 'ဖုန်းနံပါတ်ကို ထည့်ပါ (ဂဏန်း၊ space၊ + နှင့် - သာ)။' },
  twoFactorCodeRequired: { en: 'Enter the 6-digit code from your authenticator app.', mm: 'authenticator အက်ပ်မှ ဂဏန်း ၆ လုံး ကုဒ်ကို ထည့်ပါ။' },
  twoFactorWrongCode: { en: 'That code is not correct or was already used.', mm: 'ဤကုဒ် မှားနေပါသည် သို့မဟုတ် သုံးပြီးသား ဖြစ်ပါသည်။' },
  twoFactorChallengeExpired: {
    en: 'The sign-in took too long. Enter your email and password again.',
    mm: 'အကောင့်ဝင်ချိန် ကြာလွန်းသွားပါသည်။ အီးမေးလ်နှင့် စကားဝှက်ကို ထပ်မံ ထည့်ပါ။',
  },
  twoFactorAlreadyEnabled: { en: 'Two-factor sign-in is already on.', mm: 'နှစ်ဆင့်အတည်ပြု ဝင်ရောက်ခြင်း ဖွင့်ပြီးသား ဖြစ်ပါသည်။' },
  twoFactorNotEnabled: { en: 'Two-factor sign-in is not on.', mm: 'နှစ်ဆင့်အတည်ပြု ဝင်ရောက်ခြင်း ဖွင့်မထားပါ။' },
  twoFactorSetupFirst: { en: 'Start the setup first to get a QR code.', mm: 'QR ကုဒ် ရရန် စတင်သတ်မှတ်ခြင်းကို အရင်လုပ်ပါ။' },
  twoFactorRequiredByOwner: {
    en: 'The shop requires two-factor sign-in: turn it on to continue.',
    mm: 'ဆိုင်က နှစ်ဆင့်အတည်ပြု ဝင်ရောက်ခြင်းကို လိုအပ်ထားပါသည်။ ဆက်လက်အသုံးပြုရန် ၎င်းကို ဖွင့်ပါ။',
  },
  twoFactorCannotDisable: {
    en: 'The shop requires two-factor sign-in, so it cannot be turned off.',
    mm: 'ဆိုင်က နှစ်ဆင့်အတည်ပြု ဝင်ရောက်ခြင်းကို လိုအပ်ထားသဖြင့် ပိတ်၍ မရပါ။',
  },
  twoFactorEnableOwnFirst: {
    en: 'Turn on two-factor sign-in for your own account first.',
    mm: 'သင့်ကိုယ်ပိုင်အကောင့်တွင် နှစ်ဆင့်အတည်ပြု ဝင်ရောက်ခြင်းကို အရင်ဖွင့်ပါ။',
  },
  twoFactorEnabled: { en: 'Two-factor sign-in is on.', mm: 'နှစ်ဆင့်အတည်ပြု ဝင်ရောက်ခြင်း ဖွင့်ပြီးပါပြီ။' },
  twoFactorDisabled: { en: 'Two-factor sign-in is off.', mm: 'နှစ်ဆင့်အတည်ပြု ဝင်ရောက်ခြင်း ပိတ်ပြီးပါပြီ။' },
  invitationSent: { en: 'Invitation sent.', mm: 'ဖိတ်ကြားစာ ပို့ပြီးပါပြီ။' },
  invitationWithdrawn: { en: 'Invitation withdrawn', mm: 'ဖိတ်ကြားစာကို ပြန်ရုပ်သိမ်းပြီးပါပြီ' },
  invitationUserExists: { en: 'A user with this email already exists.', mm: 'ဤအီးမေးလ်ဖြင့် အသုံးပြုသူ ရှိပြီးသား ဖြစ်ပါသည်။' },
  invitationInvalid: {
    en: 'This invitation link is invalid, was already used or has expired. Ask the shop owner for a new one.',
    mm: 'ဤဖိတ်ကြားလင့်ခ်သည် မမှန်ကန်ပါ၊ သုံးပြီးသား သို့မဟုတ် သက်တမ်းကုန်သွားပါပြီ။ ဆိုင်ပိုင်ရှင်ထံ အသစ်တောင်းပါ။',
  },
  invitationAccepted: {
    en: 'Your account is ready. Sign in with your email and new password.',
    mm: 'သင့်အကောင့် အဆင်သင့်ဖြစ်ပါပြီ။ အီးမေးလ်နှင့် စကားဝှက်အသစ်ဖြင့် အကောင့်ဝင်ပါ။',
  },
  invitationMailFailed: {
    en: 'The invitation mail could not be sent. Check the mail settings and try again.',
    mm: 'ဖိတ်ကြားစာ အီးမေးလ်ကို ပို့၍ မရပါ။ မေးလ်ဆက်တင်များကို စစ်ဆေးပြီး ထပ်ကြိုးစားပါ။',
  },
  // ---- first-week fixes: flagged orders, tracked statuses, export values ----
  orderFlagged: {
    en: (p) => `${flagsEn(String(p.flags))} Look at the screenshot again; to complete it anyway, say why you override the warning.`,
    mm: (p) => `${flagsMm(String(p.flags))} Screenshot ကို ပြန်စစ်ပါ။ မည်သို့ပင်ဖြစ်စေ ပြီးဆုံးစေလိုပါက သတိပေးချက်ကို ကျော်ရသည့် အကြောင်းရင်းကို ရေးပါ။`,
  },
  overrideReasonRequired: {
    en: 'Say why you complete this order despite its warning.',
    mm: 'သတိပေးချက်ရှိသော်လည်း ဤအော်ဒါကို ပြီးဆုံးစေရသည့် အကြောင်းရင်းကို ရေးပါ။',
  },
  tooMany: {
    en: (p) => `At most ${p.max} at a time.`,
    mm: (p) => `တစ်ကြိမ်လျှင် အများဆုံး ${burmeseDigits(p.max!)} ခု ဖြစ်ရပါမည်။`,
  },
  exportValue: {
    en: (p) => EXPORT_VALUES[String(p.value)]?.en ?? String(p.value),
    mm: (p) => EXPORT_VALUES[String(p.value)]?.mm ?? String(p.value),
  },
  fieldRequired: {
    en: (p) => `${p.field} is required.`,
    mm: (p) => `${p.field} ကို ဖြည့်ရန် လိုအပ်ပါသည်။`,
  },
  serverTypeInvalid: {
    en: `Choose one: ${SERVER_TYPE_WORDS.map((w) => w.en).join(', ')}.`,
    mm: `တစ်ခု ရွေးပါ- ${SERVER_TYPE_WORDS.map((w) => w.mm).join('၊ ')}။`,
  },
  // ---- end of first-week fixes ----
  // Staff alerts (Web Push to staff devices, modules/staff-alerts): validation, confirmations and the alert texts.
  pushEndpointInvalid: {
    en: "The device's push address must be an https URL.",
    mm: 'စက်၏ push လိပ်စာသည် https URL ဖြစ်ရပါမည်။',
  },
  pushKeyInvalid: {
    en: "The device's push key (keys.p256dh) must be a P-256 public key in base64url.",
    mm: 'စက်၏ push key (keys.p256dh) သည် base64url ဖြင့် P-256 public key ဖြစ်ရပါမည်။',
  },
  pushAuthInvalid: {
    en: "The device's push secret (keys.auth) must be 16 bytes in base64url.",
    mm: 'စက်၏ push secret (keys.auth) သည် base64url ဖြင့် ၁၆ ဘိုက် ဖြစ်ရပါမည်။',
  },
  pushTooManyDevices: {
    en: (p) => `At most ${p.max} devices can receive your alerts. Remove one first.`,
    mm: (p) => `သတိပေးချက်များကို စက် ${burmeseDigits(p.max!)} လုံးအထိသာ ရနိုင်ပါသည်။ တစ်လုံးကို အရင်ဖယ်ရှားပါ။`,
  },
  pushDeviceNotFound: { en: 'That device does not receive your alerts.', mm: 'ထိုစက်သည် သင့်သတိပေးချက်များကို မရရှိပါ။' },
  pushSubscribed: { en: 'Alerts are on for this device.', mm: 'ဤစက်တွင် သတိပေးချက်များ ဖွင့်ပြီးပါပြီ။' },
  pushUnsubscribed: { en: 'This device no longer receives alerts.', mm: 'ဤစက်သည် သတိပေးချက်များ မရတော့ပါ။' },
  alertPreferencesSaved: { en: 'Alert settings saved', mm: 'သတိပေးချက် ဆက်တင်များ သိမ်းပြီးပါပြီ' },
  quietHoursInvalid: {
    en: 'Quiet hours need a start and an end as HH:MM, and they must differ.',
    mm: 'အသံတိတ်ချိန်အတွက် စတင်ချိန်နှင့် ပြီးဆုံးချိန်ကို HH:MM ဖြင့် ထည့်ပါ၊ နှစ်ခု မတူရပါ။',
  },
  lateAtPercent: {
    en: 'Choose a whole percentage from 10 to 100.',
    mm: '၁၀ မှ ၁၀၀ အတွင်း ရာခိုင်နှုန်း ကိန်းပြည့်ကို ရွေးပါ။',
  },
  alertNewOrderTitle: {
    en: (p) => `New order ${p.code}`,
    mm: (p) => `အော်ဒါအသစ် ${p.code}`,
  },
  alertLateOrderTitle: {
    en: (p) => `Order ${p.code} is about to be late`,
    mm: (p) => `အော်ဒါ ${p.code} နောက်ကျတော့မည်`,
  },
  alertMismatchTitle: {
    en: (p) => `Screenshot does not match: ${p.code}`,
    mm: (p) => `Screenshot မကိုက်ညီပါ- ${p.code}`,
  },
  alertReuseTitle: {
    en: (p) => `Screenshot or transaction reused: ${p.code}`,
    mm: (p) => `Screenshot သို့မဟုတ် ငွေလွှဲနံပါတ် ထပ်သုံးထားသည်- ${p.code}`,
  },
  alertBody: {
    en: (p) => `${p.game} · ${p.amount} ${p.currency} · ${Number(p.minutes) < 1 ? 'just now' : `${p.minutes} min ago`}`,
    mm: (p) =>
      `${p.game} · ${burmeseDigits(p.amount!)} ${p.currency} · ${Number(p.minutes) < 1 ? 'ယခုလေးတင်' : `လွန်ခဲ့သော ${burmeseDigits(p.minutes!)} မိနစ်`}`,
  },
  // Staff alerts about payment notices (modules/staff-alerts): money that arrived with no order.
  alertUnmatchedPaymentTitle: {
    en: (p) => `Money received with no order: ${p.amount} MMK`,
    mm: (p) => `အော်ဒါမရှိသော ငွေဝင်- ${burmeseDigits(p.amount!)} ကျပ်`,
  },
  alertUnmatchedPaymentBody: {
    en: (p) => `${p.wallet} · ${Number(p.minutes) < 1 ? 'just now' : `${p.minutes} min ago`} · open Payments to attach it to an order`,
    mm: (p) =>
      `${p.wallet} · ${Number(p.minutes) < 1 ? 'ယခုလေးတင်' : `လွန်ခဲ့သော ${burmeseDigits(p.minutes!)} မိနစ်`} · အော်ဒါနှင့် ချိတ်ရန် ငွေပေးချေမှုများ စာမျက်နှာကို ဖွင့်ပါ`,
  },
  // Payment phones: the shop's phones forwarding wallet messages, and the notices they send.
  paymentPhoneAccountRequired: {
    en: 'Choose at least one payment account (at most 4) that this phone receives money for.',
    mm: 'ဤဖုန်းက ငွေလက်ခံသည့် ငွေပေးချေမှုအကောင့် အနည်းဆုံး တစ်ခု (အများဆုံး ၄ ခု) ကို ရွေးပါ။',
  },
  paymentPhoneAccountUnknown: { en: 'This payment account does not exist.', mm: 'ဤငွေပေးချေမှုအကောင့် မရှိပါ။' },
  paymentPhoneKeyCharacters: {
    en: 'The signing key may hold letters, digits and symbols only, without spaces.',
    mm: 'Signing key တွင် စာလုံး၊ ဂဏန်းနှင့် သင်္ကေတများသာ ပါရမည်၊ space မပါရပါ။',
  },
  paymentPhoneBadSignature: { en: 'The signature or key is not correct.', mm: 'လက်မှတ် သို့မဟုတ် key မမှန်ကန်ပါ။' },
  paymentPhoneStaleTimestamp: {
    en: "The timestamp is more than 5 minutes off: check the phone's clock.",
    mm: 'အချိန်မှတ်တမ်းသည် ၅ မိနစ်ထက်ပို ကွာနေပါသည်။ ဖုန်း၏ နာရီကို စစ်ဆေးပါ။',
  },
  paymentPhoneNotFromSession: {
    en: 'Payment notices come only from a registered payment phone, never from a signed-in session.',
    mm: 'ငွေလက်ခံအကြောင်းကြားစာများကို မှတ်ပုံတင်ထားသော ငွေလက်ခံဖုန်းမှသာ လက်ခံပါသည်၊ အကောင့်ဝင်ထားသော session မှ မလက်ခံပါ။',
  },
  paymentPhoneBadBody: { en: 'The body is not valid JSON.', mm: 'Body သည် မှန်ကန်သော JSON မဟုတ်ပါ။' },
  paymentPhoneRevoked: { en: 'Payment phone revoked', mm: 'ငွေလက်ခံဖုန်းကို ပယ်ဖျက်ပြီးပါပြီ' },
  paymentNoticeTaken: { en: 'Notice taken', mm: 'အကြောင်းကြားစာကို လက်ခံပြီးပါပြီ' },
  paymentNoticeOrderUnknown: { en: 'Choose an existing order.', mm: 'ရှိပြီးသား အော်ဒါတစ်ခုကို ရွေးပါ။' },
  paymentNoticeAlreadyMatched: {
    en: 'This notice already confirms an order.',
    mm: 'ဤအကြောင်းကြားစာသည် အော်ဒါတစ်ခုကို အတည်ပြုပြီးသား ဖြစ်ပါသည်။',
  },
  paymentNoticeOrderAlreadyPaid: {
    en: 'This order is already confirmed by another notice.',
    mm: 'ဤအော်ဒါကို အခြားအကြောင်းကြားစာဖြင့် အတည်ပြုပြီးသား ဖြစ်ပါသည်။',
  },
  paymentNoticeNotMoneyIn: {
    en: 'Only a notice of money received can be attached to an order.',
    mm: 'ငွေလက်ခံရရှိကြောင်း အကြောင်းကြားစာကိုသာ အော်ဒါနှင့် ချိတ်နိုင်ပါသည်။',
  },
  paymentNoticeAttached: { en: 'Notice attached to the order', mm: 'အကြောင်းကြားစာကို အော်ဒါနှင့် ချိတ်ပြီးပါပြီ' },
  // Code stock (modules/code-stock) and orders that complete themselves (modules/auto-delivery).
  outOfStock: {
    en: 'This package is out of stock right now. Please choose another one or come back later.',
    mm: 'ဤပက်ကေ့ချ်သည် ယခု ပစ္စည်းကုန်နေပါသည်။ အခြားတစ်ခုကို ရွေးပါ သို့မဟုတ် နောက်မှ ပြန်လာပါ။',
  },
  notEnoughStock: {
    en: (p) => `Only ${p.available} left in stock: please lower the quantity.`,
    mm: (p) => `လက်ကျန် ${burmeseDigits(p.available!)} ခုသာ ရှိပါသည်။ အရေအတွက်ကို လျှော့ပေးပါ။`,
  },
  completionOutOfStock: {
    en: 'Not enough codes in stock to complete this order. Add codes to the package, then complete it.',
    mm: 'ဤအော်ဒါကို ပြီးဆုံးစေရန် ကုဒ် လက်ကျန် မလုံလောက်ပါ။ ပက်ကေ့ချ်သို့ ကုဒ်များ ထည့်ပြီးမှ ပြီးဆုံးအဖြစ် သတ်မှတ်ပါ။',
  },
  codesAdded: {
    en: (p) => `${p.added} code${Number(p.added) === 1 ? '' : 's'} added, ${p.skipped} left out.`,
    mm: (p) => `ကုဒ် ${burmeseDigits(p.added!)} ခု ထည့်ပြီးပါပြီ၊ ${burmeseDigits(p.skipped!)} ခု ချန်ထားပါသည်။`,
  },
  codeWithdrawn: { en: 'Code withdrawn from stock', mm: 'ကုဒ်ကို လက်ကျန်မှ ဖယ်ရှားပြီးပါပြီ' },
  codeNotAvailable: {
    en: 'Only a code that is available (not reserved or delivered) can be withdrawn.',
    mm: 'ရရှိနိုင်ဆဲ ကုဒ် (ကြိုတင်ယူထားခြင်း သို့မဟုတ် ပေးပို့ပြီး မဟုတ်သော) ကိုသာ ဖယ်ရှားနိုင်ပါသည်။',
  },
  notCodeProduct: { en: 'This package is not sold as codes.', mm: 'ဤပက်ကေ့ချ်ကို ကုဒ်အဖြစ် ရောင်းချခြင်း မဟုတ်ပါ။' },
  codeRevealed: {
    en: 'Code revealed; the reveal is recorded.',
    mm: 'ကုဒ်ကို ပြသပြီးပါပြီ။ ပြသမှုကို မှတ်တမ်းတင်ထားပါသည်။',
  },
  deliverySaved: { en: 'Delivery settings saved', mm: 'ပေးပို့မှု ဆက်တင်များ သိမ်းပြီးပါပြီ' },
  autoDeliverySaved: { en: 'Automatic completion settings saved', mm: 'အလိုအလျောက် ပြီးဆုံးစေမှု ဆက်တင်များ သိမ်းပြီးပါပြီ' },
  autoDeliveryPaused: {
    en: 'Automatic completion paused: staff complete every order.',
    mm: 'အလိုအလျောက် ပြီးဆုံးစေမှုကို ခေတ္တရပ်ထားပါသည်။ အော်ဒါအားလုံးကို ဝန်ထမ်းများက ပြီးဆုံးစေပါမည်။',
  },
  autoDeliveryResumed: { en: 'Automatic completion resumed', mm: 'အလိုအလျောက် ပြီးဆုံးစေမှုကို ပြန်လည် စတင်ပါပြီ' },
  alertLowStockTitle: {
    en: (p) => `Low stock: ${p.package}`,
    mm: (p) => `လက်ကျန်နည်းနေသည်- ${p.package}`,
  },
  alertLowStockBody: {
    en: (p) => `${p.available} code${Number(p.available) === 1 ? '' : 's'} left (warning below ${p.threshold}) · add codes`,
    mm: (p) => `ကုဒ် ${burmeseDigits(p.available!)} ခုသာ ကျန်ပါသည် (${burmeseDigits(p.threshold!)} အောက်တွင် သတိပေးသည်) · ကုဒ်များ ထည့်ပါ`,
  },
  shopAutomatic: { en: 'the shop (automatic)', mm: 'ဆိုင် (အလိုအလျောက်)' },
} satisfies Record<string, Entry>;

export type MessageCode = keyof typeof CATALOG;

/** Things a "not found" message can name. */
const THINGS = {
  User: { en: 'User', mm: 'အသုံးပြုသူ' },
  Order: { en: 'Order', mm: 'အော်ဒါ' },
  Game: { en: 'Game', mm: 'ဂိမ်း' },
  Package: { en: 'Package', mm: 'ပက်ကေ့ချ်' },
  'Token package': { en: 'Token package', mm: 'ပက်ကေ့ချ်' },
  'Payment account': { en: 'Payment account', mm: 'ငွေပေးချေမှုအကောင့်' },
  Image: { en: 'Image', mm: 'ပုံ' },
  'Image size': { en: 'Image size', mm: 'ပုံအရွယ်အစား' },
  Screenshot: { en: 'Screenshot', mm: 'Screenshot' },
  Page: { en: 'Page', mm: 'စာမျက်နှာ' },
  Invitation: { en: 'Invitation', mm: 'ဖိတ်ကြားစာ' },
  'Payment phone': { en: 'Payment phone', mm: 'ငွေလက်ခံဖုန်း' },
  'Payment notice': { en: 'Payment notice', mm: 'ငွေလက်ခံအကြောင်းကြားစာ' },
  Code: { en: 'Code', mm: 'ကုဒ်' },
} as const;
export type Thing = keyof typeof THINGS;

/** Header row of the CSV export, per column of @topup/contract/order-list EXPORT_COLUMNS. */
const EXPORT_HEADERS = {
  code: { en: 'Code', mm: 'ကုဒ်' },
  createdAt: { en: 'Placed at', mm: 'မှာယူချိန်' },
  status: { en: 'Status', mm: 'အခြေအနေ' },
  gameTitle: { en: 'Game', mm: 'ဂိမ်း' },
  packageTitle: { en: 'Package', mm: 'ပက်ကေ့ချ်' },
  quantity: { en: 'Quantity', mm: 'အရေအတွက်' },
  subTotal: { en: 'Amount', mm: 'ငွေပမာဏ' },
  currency: { en: 'Currency', mm: 'ငွေကြေး' },
  paymentMethod: { en: 'Payment method', mm: 'ငွေပေးချေနည်း' },
  inGameUserId: { en: 'In-game user ID', mm: 'ဂိမ်းအတွင်း ID' },
  serverInfo: { en: 'Server / Zone', mm: 'Server / Zone' },
  mobileNumber: { en: 'Mobile number', mm: 'ဖုန်းနံပါတ်' },
  transactionNumber: { en: 'Transaction number', mm: 'ငွေလွှဲနံပါတ်' },
  verdict: { en: 'Screenshot check', mm: 'Screenshot စစ်ဆေးချက်' },
  payment: { en: 'Payment (shop wallet)', mm: 'ငွေလက်ခံမှု (ဆိုင်ပိုက်ဆံအိတ်)' },
  isRead: { en: 'Read', mm: 'ဖတ်ပြီး' },
  operator: { en: 'Operator', mm: 'ဆောင်ရွက်သူ' },
  cancelReason: { en: 'Cancel reason', mm: 'ပယ်ဖျက်ရသည့် အကြောင်းရင်း' },
  cancelNote: { en: 'Cancel note', mm: 'ပယ်ဖျက်မှတ်ချက်' },
  updatedAt: { en: 'Last changed at', mm: 'နောက်ဆုံး ပြင်ဆင်ချိန်' },
} as const;

// ---- first-week fixes: texts the entries above use ----

const FLAG_TEXTS = {
  duplicate: {
    en: 'Another order uses the same transaction number or screenshot.',
    mm: 'အခြားအော်ဒါတစ်ခုက တူညီသော ငွေလွှဲနံပါတ် သို့မဟုတ် Screenshot ကို သုံးထားပါသည်။',
  },
  mismatch: {
    en: "The screenshot doesn't match the order.",
    mm: 'Screenshot သည် အော်ဒါနှင့် မကိုက်ညီပါ။',
  },
} as const;

function flagsEn(flags: string): string {
  return flags
    .split(',')
    .map((f) => FLAG_TEXTS[f as keyof typeof FLAG_TEXTS]?.en ?? f)
    .join(' ');
}

function flagsMm(flags: string): string {
  return flags
    .split(',')
    .map((f) => FLAG_TEXTS[f as keyof typeof FLAG_TEXTS]?.mm ?? f)
    .join(' ');
}

/**
 * Values of the CSV export, keyed `kind:value`: statuses, screenshot verdicts, payments as the shop's wallet told
 * them, cancel reasons, payment methods and yes/no. A key not listed (a value written by something else) is exported as it is.
 */
const EXPORT_VALUES: Record<string, { en: string; mm: string }> = {
  'status:PENDING': { en: 'Pending', mm: 'စောင့်ဆိုင်းဆဲ' },
  'status:COMPLETED': { en: 'Completed', mm: 'ပြီးဆုံး' },
  'status:CANCELLED': { en: 'Cancelled', mm: 'ပယ်ဖျက်ပြီး' },
  'verdict:pending': { en: 'Checking', mm: 'စစ်ဆေးနေဆဲ' },
  'verdict:match': { en: 'Matches', mm: 'ကိုက်ညီသည်' },
  'verdict:mismatch': { en: "Doesn't match", mm: 'မကိုက်ညီပါ' },
  'verdict:unreadable': { en: 'Unreadable', mm: 'ဖတ်၍ မရပါ' },
  'verdict:failed': { en: 'Check failed', mm: 'စစ်ဆေး၍ မရပါ' },
  'verdict:duplicate': { en: 'Duplicate', mm: 'ထပ်နေသည်' },
  'cancelReason:AMOUNT_MISMATCH': { en: "Amount doesn't match", mm: 'ငွေပမာဏ မကိုက်ညီပါ' },
  'cancelReason:SCREENSHOT_UNREADABLE': { en: 'Screenshot unreadable', mm: 'စခရင်ရှော့ ဖတ်၍ မရပါ' },
  'cancelReason:PAYMENT_NOT_RECEIVED': { en: 'Payment not received', mm: 'ငွေ မရရှိပါ' },
  'cancelReason:DUPLICATE': { en: 'Duplicate order', mm: 'ထပ်နေသော အော်ဒါ' },
  'cancelReason:WRONG_ACCOUNT_DETAILS': { en: 'Wrong account details', mm: 'အကောင့်အချက်အလက် မှားနေပါသည်' },
  'cancelReason:OTHER': { en: 'Other', mm: 'အခြား' },
  'paymentMethod:NORMAL': { en: 'Mobile banking', mm: 'မိုဘိုင်းဘဏ်' },
  'paymentMethod:PHONEBILL': { en: 'Phone bill', mm: 'ဖုန်းဘေလ်' },
  'payment:received': { en: 'Received', mm: 'ငွေရရှိပြီး' },
  'payment:not_received': { en: 'Not yet received', mm: 'ငွေ မရရှိသေး' },
  'payment:amount_differs': { en: 'Amount differs', mm: 'ငွေပမာဏ ကွဲလွဲသည်' },
  'boolean:true': { en: 'Yes', mm: 'ဟုတ်' },
  'boolean:false': { en: 'No', mm: 'မဟုတ်' },
};

export type ExportValueKind = 'status' | 'verdict' | 'payment' | 'cancelReason' | 'paymentMethod' | 'boolean';
// ---- end of first-week fixes ----

const TYPES = { number: 'ဂဏန်း', string: 'စာသား', boolean: 'True/False', object: 'အချက်အလက်အစု', array: 'စာရင်း' } as const;

function waitEn(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function waitMm(seconds: number): string {
  if (seconds < 60) return `${burmeseDigits(seconds)} စက္ကန့်`;
  return `${burmeseDigits(Math.ceil(seconds / 60))} မိနစ်`;
}

// ---- references ------------------------------------------------------------------------------------------

const REF_RE = /^⟦([A-Za-z]+)(?: (\{.*\}))?⟧$/s;

/** A reference to a catalogue message, usable wherever a string is expected. */
export function messageRef(code: MessageCode, params?: Params): string {
  return params ? `⟦${code} ${JSON.stringify(params)}⟧` : `⟦${code}⟧`;
}

type Refs = {
  [K in MessageCode]: (typeof CATALOG)[K] extends { en: (p: Params) => string } ? (...args: never[]) => string : string;
};

/** References for every message; the ones with parameters are functions taking them in order of use. */
export const MSG = {
  ...(Object.fromEntries(Object.keys(CATALOG).map((code) => [code, messageRef(code as MessageCode)])) as Record<MessageCode, string>),
  passwordTooShort: (min: number) => messageRef('passwordTooShort', { min }),
  tooManyAttempts: (seconds: number) => messageRef('tooManyAttempts', { seconds }),
  tooManyRequests: (seconds: number) => messageRef('tooManyRequests', { seconds }),
  tooManyStreamsForOrder: (seconds: number) => messageRef('tooManyStreamsForOrder', { seconds }),
  tooManyStreamsFromAddress: (seconds: number) => messageRef('tooManyStreamsFromAddress', { seconds }),
  notFound: (what: Thing) => messageRef('notFound', { what }),
  created: (what: Thing) => messageRef('created', { what }),
  updated: (what: Thing) => messageRef('updated', { what }),
  deleted: (what: Thing) => messageRef('deleted', { what }),
  ordersCleaned: (count: number) => messageRef('ordersCleaned', { count }),
  tooLong: (max: number) => messageRef('tooLong', { max }),
  tooShort: (min: number) => messageRef('tooShort', { min }),
  numberTooBig: (max: number | bigint) => messageRef('numberTooBig', { max: String(max) }),
  numberTooSmall: (min: number | bigint) => messageRef('numberTooSmall', { min: String(min) }),
  mustBeType: (expected: string) => messageRef('mustBeType', { expected }),
  mustBeOneOf: (options: readonly string[]) => messageRef('mustBeOneOf', { options: options.join(', ') }),
  unexpectedFile: (field: string) => messageRef('unexpectedFile', { field }),
  newOrder: (game: string, pkg: string, quantity: number, code?: string) =>
    messageRef('newOrder', code ? { game, package: pkg, quantity, code } : { game, package: pkg, quantity }),
  resetMailBody: (link: string) => messageRef('resetMailBody', { link }),
  orderChanged: (who?: string | null) => messageRef('orderChanged', who ? { who } : {}),
  bulkTooMany: (max: number) => messageRef('bulkTooMany', { max }),
  bulkFilterTooBroad: (count: number, max: number) => messageRef('bulkFilterTooBroad', { count, max }),
  bulkDone: (succeeded: number, failed: number) => messageRef('bulkDone', { succeeded, failed }),
  exportColumn: (column: string) => messageRef('exportColumn', { column }),
  shopDescriptionWithGames: (games: readonly string[]) => messageRef('shopDescriptionWithGames', { games: games.join(', ') }),
  orderFlagged: (flags: readonly string[]) => messageRef('orderFlagged', { flags: flags.join(',') }),
  tooMany: (max: number) => messageRef('tooMany', { max }),
  exportValue: (kind: ExportValueKind, value: string | boolean) => messageRef('exportValue', { value: `${kind}:${String(value)}` }),
  fieldRequired: (field: string) => messageRef('fieldRequired', { field }),
  // Staff alerts
  pushTooManyDevices: (max: number) => messageRef('pushTooManyDevices', { max }),
  alertNewOrderTitle: (code: string) => messageRef('alertNewOrderTitle', { code }),
  alertLateOrderTitle: (code: string) => messageRef('alertLateOrderTitle', { code }),
  alertMismatchTitle: (code: string) => messageRef('alertMismatchTitle', { code }),
  alertReuseTitle: (code: string) => messageRef('alertReuseTitle', { code }),
  alertBody: (game: string, amount: string, currency: string, minutes: number) =>
    messageRef('alertBody', { game, amount, currency, minutes }),
  // Staff alerts about payment notices
  alertUnmatchedPaymentTitle: (amount: string) => messageRef('alertUnmatchedPaymentTitle', { amount }),
  alertUnmatchedPaymentBody: (wallet: string, minutes: number) => messageRef('alertUnmatchedPaymentBody', { wallet, minutes }),
  // Code stock and automatic completion
  notEnoughStock: (available: number) => messageRef('notEnoughStock', { available }),
  codesAdded: (added: number, skipped: number) => messageRef('codesAdded', { added, skipped }),
  alertLowStockTitle: (pkg: string) => messageRef('alertLowStockTitle', { package: pkg }),
  alertLowStockBody: (available: number, threshold: number) => messageRef('alertLowStockBody', { available, threshold }),
} satisfies Refs;

export type LocalizedMessage = { code: string; text: string };

/**
 * The text of a reference in a language. A plain string (a message that never went through the catalogue,
 * e.g. a library's own) comes back as it is, under the given fallback code.
 */
export function localize(message: string, language: Language, fallbackCode = 'message'): LocalizedMessage {
  const match = REF_RE.exec(message);
  const entry = match ? (CATALOG as Record<string, Entry>)[match[1]!] : undefined;
  if (!match || !entry) return { code: fallbackCode, text: message };
  let params: Params;
  try {
    params = match[2] ? (JSON.parse(match[2]) as Params) : {};
  } catch {
    return { code: fallbackCode, text: message };
  }
  const text = entry[language];
  return { code: match[1]!, text: typeof text === 'function' ? text(params) : text };
}

/** Shorthand for the text alone. */
export const textOf = (message: string, language: Language = DEFAULT_API_LANGUAGE): string => localize(message, language).text;

export function isLanguage(value: unknown): value is Language {
  return value === 'mm' || value === 'en';
}

/**
 * The language an `Accept-Language` header asks for, by its q-values: Burmese as `my` (ISO 639-1), `my-MM`,
 * or the shop's own code `mm`; English as `en`, `en-*`. Anything else, or no header: English.
 */
export function languageFromHeader(header: string | undefined | null): Language {
  if (!header) return DEFAULT_API_LANGUAGE;
  let best: { lang: Language; q: number } | null = null;
  for (const part of header.split(',').slice(0, 20)) {
    const [tag = '', ...attrs] = part.trim().toLowerCase().split(';');
    const q = Number(
      attrs
        .find((a) => a.trim().startsWith('q='))
        ?.trim()
        .slice(2) ?? 1,
    );
    if (!(q > 0)) continue;
    const primary = tag.trim().split('-')[0];
    const lang: Language | null = primary === 'my' || primary === 'mm' ? 'mm' : primary === 'en' ? 'en' : null;
    if (lang && (!best || q > best.q)) best = { lang, q };
  }
  return best?.lang ?? DEFAULT_API_LANGUAGE;
}

/** Every code with both texts: the test that checks the catalogue is complete reads this. */
export function catalogEntries(): [MessageCode, Entry][] {
  return Object.entries(CATALOG) as [MessageCode, Entry][];
}
