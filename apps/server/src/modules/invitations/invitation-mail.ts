// The invitation mail, in Burmese and in English (the invitee's language first), with the shop's name and contacts.
import type { ShopSettingsDto } from '@topup/contract/shop-settings';
import type { Mail } from '../../lib/mailer.ts';

type Parts = { subject: string; body: string };

function burmese(shop: ShopSettingsDto, role: string, link: string, hours: number): Parts {
  const roleName = role === 'owner' ? 'ပိုင်ရှင်' : 'ဝန်ထမ်း';
  return {
    subject: `${shop.shopName} ၏ ဒက်ရှ်ဘုတ်သို့ ဖိတ်ကြားထားပါသည်`,
    body: [
      `မင်္ဂလာပါ၊`,
      ``,
      `${shop.shopName} က သင့်ကို ${roleName} အဖြစ် ဒက်ရှ်ဘုတ်သို့ ဖိတ်ကြားထားပါသည်။`,
      `အောက်ပါလင့်ခ်ကို ဖွင့်ပြီး သင့်ကိုယ်ပိုင် စကားဝှက်ကို သတ်မှတ်ပါ။ လင့်ခ်ကို တစ်ကြိမ်သာ သုံးနိုင်ပြီး ${hours} နာရီအတွင်း သက်တမ်းကုန်ပါမည်။`,
      link,
      ``,
      `ဤဖိတ်ကြားစာကို မမျှော်လင့်ထားပါက ဤအီးမေးလ်ကို လျစ်လျူရှုနိုင်ပါသည်။`,
    ].join('\n'),
  };
}

function english(shop: ShopSettingsDto, role: string, link: string, hours: number): Parts {
  return {
    subject: `You're invited to the ${shop.shopName} dashboard`,
    body: [
      `Hello,`,
      ``,
      `${shop.shopName} invites you to its dashboard as ${role === 'owner' ? 'an owner' : 'staff'}.`,
      `Open this link to choose your own password. It works once and expires in ${hours} hours:`,
      link,
      ``,
      `If you did not expect this invitation, you can ignore this mail.`,
    ].join('\n'),
  };
}

export function invitationMail(to: string, shop: ShopSettingsDto, role: string, link: string, hours: number, language: string): Mail {
  const mm = burmese(shop, role, link, hours);
  const en = english(shop, role, link, hours);
  const [first, second] = language === 'en' ? [en, mm] : [mm, en];
  const contact = [shop.contactEmail, shop.phone].filter(Boolean).join(' · ');
  return {
    to,
    subject: `${first.subject} / ${second.subject}`,
    text: `${first.body}\n\n————————\n\n${second.body}\n${contact ? `\n— ${shop.shopName}: ${contact}\n` : ''}`,
  };
}
