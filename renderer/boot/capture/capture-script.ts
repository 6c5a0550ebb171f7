/**
 * The script inlined into every drawn page's <head> (config-server/pages/draw-page.ts): from the moment the page is
 * shown until the app hydrates, it records what the borrower does on the drawn screen, so the app can replay it
 * (replay-early-input.ts). Without it a phone number typed before the app ran was lost and an early tap did nothing
 *. Its contract with the app is capture-handle.ts.
 *
 * Plain ES5 written small by hand, one statement per line below so each can say why: it must stay under 1 KB gzip
 * (config-server/http/security-headers.test.ts), runs before anything else and must never break the page, hence the
 * try around it all.
 * The CSP allows exactly this text by its sha256 (security-headers.ts), so any edit here changes the hash with it.
 */
import { CAPTURE_GLOBAL } from './capture-handle';

const lines = [
  '(function(w,d){try{',
  // q: the queue; b: buttons marked busy; L: the last tapped node (a submit it caused is not recorded again).
  'var q=[],b=[],L,',
  // A node's child-index path from the root: React hydrates the drawn nodes in place, so it names the same node after.
  'P=function(e,r){for(var p=[];e&&e!==r;e=e.parentElement)p.unshift([].indexOf.call(e.parentElement?e.parentElement.children:[],e));return e?p:null},',
  'H=function(e){',
  // Only the drawn screen: a page the app draws itself (data-ssr absent) has nothing to replay into.
  'var r=d.getElementById("root"),t=e.target,k=e.type,x=t&&t.type,c=x=="checkbox"||x=="radio",g=t&&t.tagName,p;',
  'if(!r||!r.hasAttribute("data-ssr")||!t.closest||!(p=P(t,r)))return;',
  // Taps. Links are left to the browser (it follows them); a label forwards its tap to its input, recorded there;
  // fields and boxes are replayed by their value or their change, not by the tap that focused or ticked them.
  'if(k=="click"){if(t.closest("a[href],label")||c||/^(INPUT|SELECT|TEXTAREA|OPTION)$/.test(g))return;',
  'q.push({t:"c",p:p});L=t;',
  // Feedback at once: the tapped button shows busy (widgets.css) until its replay runs.
  'var n=t.closest("button,[role=button]");if(n){n.setAttribute("aria-busy","true");b.push(n)}}',
  // Typed text, with the value as it is now; boxes and selects fire input too, recorded by their change instead.
  'else if(k=="input"){if(!c&&g!="SELECT")q.push({t:"i",p:p,v:t.value})}',
  // A box's change: its state before the tap (a radio changes only when it becomes checked); a select's new value.
  'else if(k=="change"){if(c)q.push({t:"t",p:p,c:x!="radio"&&!t.checked});else if(g=="SELECT")q.push({t:"s",p:p,v:t.value})}',
  // A native submit would leave the page: held, and recorded unless a recorded tap on its button caused it.
  'else{e.preventDefault();if(!(e.submitter&&L&&e.submitter.contains(L)))q.push({t:"f",p:p})}},',
  'E=["click","input","change","submit"];',
  // Capture phase on the document: before any handler of the page, from before the body exists.
  'E.forEach(function(n){d.addEventListener(n,H,true)});',
  `w.${CAPTURE_GLOBAL}={q:q,b:b,stop:function(){E.forEach(function(n){d.removeEventListener(n,H,true)});return q}}`,
  '}catch(_){}})(window,document)',
];

/** The script's exact text, as inlined between `<script>` and `</script>` and hashed for the CSP. */
export const CAPTURE_SCRIPT = lines.join('');
