/**
 * What a noun right after a name says it is ("the Kestrel app", "the Whistler trip", "the Wise transfer", "the
 * WOMADelaide lineup"): the word sets cues.ts reads after a name.
 */

/** Things one holds or uses, after a brand: "the Oura ring", "the Costco card", "a Monzo link", "the Eurail pass". */
const GOODS = `ring watch bulb bulbs lights jacket jackets coat boots trainers bracelet necklace pot pan kettle drill mower hoover tent sim
  card cards pram buggy pass passes link paint oven sandbox waf cdn infusion inhaler vacuum dishwasher fridge freezer washer dryer
  toaster blender microwave boiler heater hairdryer airfryer`;

export const GOODS_NOUNS = new Set(GOODS.split(/\s+/));

/** Nouns after a name that make it software or a product ("the Kestrel app", "our Redpanda cluster", "the Oura ring", "a Barbour jacket"). */
export const PRODUCT_NOUNS = new Set(
  `app apps application project projects repo repository service services api apis sdk cli library plugin plugins extension
  extensions dashboard dashboards pipeline pipelines cluster clusters instance instances server servers bot integration
  integrations subscription config configs build builds script scripts runner runners worker workers macros export importer
  exports sync stats warehouse migration rewrite release releases version client clients module package packages engine database
  db index schema queue topic bucket buckets account accounts workspace tenant login console plan license licence trial feature
  features widget widgets endpoint endpoints webhook webhooks job jobs container containers image images deployment deployments
  node nodes mesh proxy gateway runtime framework theme template templates component components model models docs wiki board
  boards ticket tickets issue issues backlog sprint roadmap codebase branch fork prototype beta alpha launch rollout upgrade
  score alerts alert logs metrics traces preview previews transformations player firmware update updates device devices box kit
  speaker console phone headphones earbuds camera charger case incident scheduler redesign admin deploy deploys monorepo
  microservice frontend backend portal tracker editor laptop laptops tablet headset monitor keyboard router e-reader pr prs mr
  screen screens page pages flow flows icon logo bug bugs test tests demo demos onboarding deck decks spec specs mockup mockups prd crash
  crashes slides ingest ingestion scraper crawler parser exporter indexer checks monitors key keys token tokens format formats
  ${GOODS}`.split(/\s+/),
);

/** Nouns after a name that make it a place ("the Whistler trip", "Dolomites hike") or an organisation ("the Wise transfer"). */
export const PLACE_NOUNS = new Set(
  `trip trips hike hikes holiday holidays flat apartment house office offices branch area weather airport beach coast visit stay leg
  trail trails walk walks path paths viewpoint market markets ridge summit crag fells pier harbour harbor seafront promenade castle
  cathedral station museum abbey lighthouse route routes loop circuit reserve junction roundabout flyover interchange cruise`.split(/\s+/),
);

/** Kinds of place after a name, sure enough to beat a surname's reading ("in Harlan county", "the Llanon cottage", "the Vrata valley"). */
export const PLACE_KINDS = new Set('county town village hamlet suburb district region province countryside cottage cabin chalet villa campsite valley river lake gorge canyon estuary peninsula glacier fjord'.split(' '));

export const ORGANIZATION_NOUNS = new Set('outage outages payout payouts transfer transfers bill bills invoice invoices statement statements support shares stock refund folks people guys crew team teams'.split(' '));

/** Nouns after a name that only an event has ("the WOMADelaide lineup", "the FOSS4G CfP"). */
export const EVENT_NOUNS = new Set(['lineup', 'line-up', 'cfp', 'headliner', 'headliners', 'afterparty', 'after-party', 'wristband', 'wristbands']);

/** Dishes and foods named after a place or a person ("Chelsea buns", "Victoria sponge", "Lincolnshire sausages"). */
export const DISH_NOUNS = new Set(
  'cake cakes tart tarts bun buns pudding puddings sponge pie pies sausage sausages bread loaf scone scones biscuit biscuits pastry pastries sauce salad potatoes tomatoes cheese curry stew'.split(' '),
);

/** What a public body or an agency has: "an OSHA compliance officer", "the CBN circular", "the DMV appointment". */
export const AGENCY_NOUNS = new Set('officer officers inspector inspectors circular appointment contribution contributions backlog office offices portal helpline hotline registration levy auditors inspection'.split(' '));
/** "Pay NHIF before …", "called ACRA": a body one pays or calls. */
export const PAID_OR_CALLED = /^(?:pay|paid|called|emailed|contacted|phoned|rang|notified|sued)$/;
