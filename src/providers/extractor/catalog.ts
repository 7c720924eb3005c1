/**
 * The gazetteer's second half: the online services, software, companies, airlines, events and holidays that
 * everyday notes and work logs name, and the units and generic terms that look like names but are not. Generic lists
 * of well-known names (open knowledge: app stores, package registries, stock indices, airline and holiday lists),
 * not tuned to any test set; gazetteer.ts merges them into its sets.
 */

export const list = (text: string) => text.trim().split(/\s*\n\s*|\s*,\s*/).filter(Boolean);

/** Software, services and developer tools beyond the core list. */
export const MORE_TECHNOLOGIES = list(`
quickbooks, xero, freeagent, keycloak, auth0, okta workforce, supertokens, metabase, superset, apache superset, redash,
looker, looker studio, tableau, power bi, retool, appsmith, budibase, n8n, make.com, maplibre, mapbox gl, leaflet,
openlayers, qgis, geopackage, postgis, geoserver, openstreetmap, osm, lorawan, zigbee, z-wave, mqtt, home assistant, node-red,
esphome, tasmota, backblaze b2, minio, imgix, uploadcare, mux, algolia, meilisearch, typesense, solr,
apache solr, lucene, vespa, redpanda, apache pulsar, nats jetstream, temporal, argo workflows,
metaflow, kubeflow, mlflow, weights & biases, wandb, duckdb, trino, pinot, apache pinot, dremio,
delta lake, protobuf, grpc, openapi, swagger, loki, promtail,
victoriametrics, zabbix, nagios, icinga, uptime kuma, statuspage, opsgenie, incident.io, honeycomb, lightstep, new relic apm,
playwright, cypress, selenium, puppeteer, jest, vitest, mocha, pytest, junit, testng, storybook, chromatic, percy, lighthouse,
sonarqube, snyk, dependabot, renovate, trivy, zscaler, crowdstrike, sentinelone, tailscale, wireguard, zerotier, openvpn,
headscale, calico, linkerd, apigee, pgbouncer, pgpool, citus, planetscale, vitess,
cockroach, yugabytedb, tidb, scylladb, foundationdb, rocksdb, leveldb, etcd, zookeeper, consul connect, gitea, forgejo, gogs,
sourcehut, buildkite, woodpecker, teamcity, bamboo, octopus deploy, spacelift, atlantis, terragrunt, crossplane, fluxcd,
k3s, k3d, minikube, rancher, openshift, podman, buildah, orbstack, nixos, alpine linux,
rocky linux, almalinux, opensuse, pop!_os, linux mint, raspberry pi os, truenas, unraid, synology dsm, pfsense,
opnsense, openwrt, pi-hole, adguard, ublock, ublock origin, bitwarden, vaultwarden, keepassxc, proton mail, protonmail, proton vpn,
tutanota, fastmail, thunderbird, k-9 mail, mattermost, rocket.chat, loom, miro,
mural, whimsical, excalidraw, lucidchart, draw.io, balsamiq, framer, penpot, zeplin, invision, procreate,
affinity designer, affinity photo, pixelmator, gimp, inkscape, krita, davinci resolve, final cut pro, logic pro, ableton, ableton live,
garageband, audacity, obs, obs studio, todoist, omnifocus, any.do, habitica, readwise, instapaper,
raindrop, inoreader, calendly, cal.com, doodle, jotform, google forms, surveymonkey, qualtrics,
docusign, pandadoc, hellosign, dropbox sign, personio, hibob, bamboohr, gusto, rippling, deel, remote.com, workable,
ashby, pipedrive, freshdesk, freshworks, tawk.to, sendgrid, mailgun,
amazon resend, customer.io, mixpanel, amplitude, posthog, plausible,
google analytics, hotjar, fullstory, logrocket, launchdarkly, optimizely, growthbook, unleash, flagsmith, contentful,
jekyll, eleventy, docusaurus, mkdocs, astro, qwik, solidjs,
preact, alpine.js, htmx, stimulus, hotwire, livewire, inertia, moment.js, date-fns,
dayjs, lodash, rxjs, prisma, drizzle, typeorm, sequelize, knex, kysely, mongoose, sqlalchemy,
alembic, hibernate, jooq, entity framework, dapper, quarkus, micronaut, spring framework, ktor, vert.x,
phoenix liveview, express.js, adonisjs,
xamarin, .net wxwidgets, tkinter, pyqt, pygame,
rstudio, spss, mathematica, wolfram alpha, overleaf, latex, zotero, mendeley,
endnote, notion ai, perplexity, windsurf, tabnine, codeium, replit, codesandbox, stackblitz, gitpod, github codespaces,
codespaces, koyeb, caprover, portainer, cloudflare cloudflare r2, r2, cloudflare tunnel,
workers kv, durable objects, upstash, appwrite, pocketbase, hasura, postgrest, graphile,
react query, tanstack query, tanstack, zustand, stripe billing,
stripe checkout, stripe connect, paypal checkout, braintree, sumup, zettle, truelayer, gocardless, chargebee, recurly,
lemon squeezy, wise business, play store, google play, app store, testflight, firebase crashlytics, crashlytics,
onesignal, socket.io, twilio sendgrid, vonage, messagebird, whatsapp business, telegram bot, discord bot, slack bot,
home assistant os, jellyfin, sonarr, radarr, nextcloud, owncloud, syncthing, seafile, immich, photoprism,
mastodon, pixelfed, lemmy, misskey, matrix jitsi meet, bigbluebutton, google workspace, g suite,
libreoffice, openoffice, onlyoffice, goodnotes, notability, scrivener,
ia writer, typora, joplin, standard notes, simplenote, apple notes, google keep, microsoft to do, trello power-ups, smartsheet,
wrike, teamwork, youtrack, redmine, bugzilla, mantis, phabricator, gerrit, reviewable,
sourcegraph, pypi, npmjs, crates.io, rubygems, maven central, docker hub, ghcr, artifactory, verdaccio
`);

/** Devices and other products beyond the core list. */
export const MORE_PRODUCTS = list(`
steam deck oled, kobo clara, remarkable, remarkable 2, oura ring, garmin forerunner,
garmin fenix, apple airtag, airtag, sonos, sonos one, nest hub, nest thermostat, philips ring doorbell,
thermomix, instant pot, air fryer, vitamix, nespresso, aeropress, dyson v15, kindle scribe, ipad pro, ipad air,
ipad iphone 15, iphone 16, pixel 8, pixel 9, galaxy s24, galaxy tab, switch oled, quest 2, meta quest 3, dualsense, stream deck
`);

/** Companies, banks, public bodies and charities beyond the core list. */
export const MORE_ORGANIZATIONS = list(`
feedzai, adyen, monzo, starling, starling bank, revolut ltd, n26, nubank, wise plc, transferwise, chime, robinhood, coinbase,
kraken, binance, square inc, sumup ltd, mollie, checkout.com, worldpay, vipps, mobilepay, swish, abn amro, rabobank,
bnp paribas, societe generale, santander, bbva, unicredit, intesa sanpaolo, commerzbank, nordea, danske bank, handelsbanken, seb,
lloyds, natwest, halifax, nationwide, metro bank, monzo bank, axa, aviva, zurich insurance, generali, munich re, prudential,
legal & general, aig, metlife, nhs, hmrc, dvla, companies house, ofcom, ofgem, hse, bupa, boots, superdrug,
tesco, sainsbury's, asda, morrisons, waitrose, aldi, lidl, co-op, marks & spencer, m&s, john lewis, argos, currys, halfords, screwfix,
b&q, wickes, primark, asos, boohoo, zalando, about you, carrefour, auchan, leclerc, edeka, rewe,
albert heijn, jumbo, mercadona, el corte ingles, fnac, mediamarkt, saturn, elgiganten, komplett, bol.com, allegro,
jumia, flipkart, myntra, zomato, swiggy, paytm, phonepe, infosys, tcs, tata consultancy services, wipro, hcl, tech mahindra, zoho,
freshworks inc, zerodha, razorpay, oyo, byju's, talabat, noon, emaar, etisalat, rappi, ifood,
globant, outsystems, farfetch, talkdesk, unbabel, sonae, wolt, skype technologies, spotify ab, ericsson, nokia, telia,
supercell, rovio, mojang, klarna bank, yandex, kaspersky, jetbrains s.r.o., avast, renault, peugeot,
citroen, stellantis, fiat, alfa romeo, lamborghini, maserati, land rover, rolls-royce, aston martin,
polestar, rivian, byd, xpeng, geely, tata motors, mahindra, maruti suzuki, suzuki, mazda, subaru,
mitsubishi, isuzu, yamaha, kawasaki, ducati, harley-davidson, canon, nikon, fujifilm, olympus, leica, gopro inc, dyson, miele,
electrolux, whirlpool, bosch rexroth, schneider electric, thyssenkrupp, infineon, asml, tsmc, qualcomm,
broadcom, texas instruments, micron, western digital, seagate, logitech, razer, corsair, steelseries, hetzner, ovh, ovhcloud,
ionos, hostinger, godaddy, namecheap, gandi, porkbun, squarespace domains, bluehost, siteground, wp engine, kinsta,
linode llc, vultr, backblaze, wasabi technologies, akamai technologies, fastly inc, vercel inc, netlify inc, render inc, mapbox,
maptiler, here technologies, tomtom, esri, planet labs, maxar, canva pty, atlassian corporation, miro inc, figma inc, notion labs,
airtable inc, asana inc, monday.com ltd, hubspot inc, zendesk inc, intercom inc, gitlab, github, hashicorp inc, confluent,
datadog inc, snowflake, databricks inc, dbt labs, fivetran, airbyte, segment inc, twilio inc, sendgrid inc, drata, secureframe,
okta inc, auth0 inc, onelogin, ping identity, cyberark, palo alto networks, fortinet, check point, crowdstrike holdings, zscaler inc,
techstars, y combinator, 500 startups, seedcamp, entrepreneur first, antler, index ventures, accel, balderton, atomico, northzone,
coursera, udemy, edx, khan academy, codecademy, pluralsight, datacamp, masterclass, skillshare, duolingo inc, babbel,
busuu, memrise, chegg, quizlet, foxtons, rightmove, zoopla, savills, knight frank, hamptons, purplebricks, idealista, funda,
booking holdings, skyscanner, kayak, trivago, tripadvisor, hostelworld, trainline, omio, flixbus, national express, megabus,
eurostar, deutsche bahn, sncf, renfe, trenitalia, sbb, amtrak, via rail, greyhound, transport for london, network rail,
octopus energy, british gas, edf, e.on, eon, ovo energy, scottishpower, thames water, openreach, virgin media,
giffgaff, bouygues, movistar, telefonica, kpn, swisscom, proximus, telstra, optus, airtel, jio, reliance,
tata, adani, samsung electronics, lg electronics, sk hynix, kakao, coupang, rakuten, softbank corp, ntt, docomo, kddi,
fujitsu, nec, hitachi, toshiba, kyocera, uniqlo, muji, daiso, 7-eleven, lawson, familymart, ikea group, h&m group,
inditex, mango, primark stores, nando's, pret, pret a manger, greggs, wagamama, itsu, five guys, shake shack,
taco bell, kfc, domino's, pizza hut, papa john's, deliveroo ltd, just eat, uber eats inc, glovo, getir, gorillas, flink, ocado,
hellofresh, gousto, mindful chef, purelygym, the gym group, david lloyd, virgin active, anytime fitness, equinox, f45,
crossfit, strava inc, peloton interactive, fitbit inc, garmin, whoop inc, oura health, headspace inc, bumble inc,
match group, tinder inc, medecins sans frontieres, médecins sans frontières, oxfam, save the children,
samaritans, macmillan, cancer research uk, british heart foundation, rspca, rnli, national trust, english heritage, wwf, rspb,
fulbright commission, british council, erasmus, goethe-institut, alliance française, institut français, wellcome trust,
gates foundation, ford foundation, rockefeller foundation, open society foundations, mozilla foundation, linux foundation,
apache software foundation, python software foundation, cncf, openjs foundation, eclipse foundation, w3c, ietf, ieee
`);

/** Airlines (named alone or with "Air"/"Airlines"/"Airways", which the heads already catch). */
export const AIRLINES = list(`
air india, air canada, air new zealand, turkish airlines, qatar airways, norwegian air, air china, air europa, air baltic, airbaltic, air lingus, aer lingus, air transat,
etihad, etihad airways, singapore airlines, cathay pacific, japan airlines, all nippon airways, korean air, asiana, thai airways, malaysia airlines, garuda, garuda indonesia, vietnam airlines, indigo,
vistara, spicejet, akasa air, saudia, flydubai, egyptair, ethiopian airlines, kenya airways, royal air maroc, south african airways,
latam, avianca, aeromexico, copa airlines, jetblue, alaska airlines, spirit airlines, frontier airlines, hawaiian airlines,
westjet, porter airlines, iberia, vueling, tap air portugal, swiss international air lines, austrian airlines,
brussels airlines, finnair, scandinavian airlines, norwegian air, icelandair, play airlines, wizz air, wizzair,
eurowings, tuifly, loganair, aegean, ita airways, alitalia, aeroflot, pegasus, sunexpress, transavia, volotea,
virgin atlantic, virgin australia, jetstar, air asia, airasia, cebu pacific, scoot
`);

/** Named events: festivals, races, fairs, conferences, tournaments. */
export const EVENTS = list(`
glastonbury, coachella, burning man, primavera sound, roskilde, sziget, tomorrowland, download festival,
reading festival, leeds festival, latitude, green man, boomtown, creamfields, edinburgh fringe, the fringe, hay festival,
sxsw, south by southwest, web summit, ces, mwc, mobile world congress, wwdc, google i/o, re:invent, aws re:invent,
dreamforce, pycon, jsconf, fosdem, defcon, def con, black hat, rsa conference, gdc, e3, gamescom, comic-con, san diego comic-con,
tour de france, giro d'italia, vuelta, wimbledon, roland garros, us open, australian open, ryder cup,
super bowl, world cup, fifa world cup, euros, euro 2024, champions league final, olympics, olympic games, paralympics,
commonwealth games, six nations, the ashes, grand national, royal ascot, le mans, monaco grand prix, british grand prix,
eurovision, the oscars, oscars, academy awards, the grammys, grammys, the brits, the emmys, golden globes, met gala,
notting hill carnival, rio carnival, oktoberfest, la tomatina, san fermin, holi festival, chelsea flower show, fashion week,
london fashion week, paris fashion week, art basel, frieze, venice biennale, documenta, salone del mobile, frankfurt book fair,
tough mudder, ironman,
neurips, nips, icml, iclr, cvpr, iccv, eccv, emnlp, naacl, eacl, coling, kdd, sigir, wsdm, recsys, uist, cscw, siggraph,
siggraph asia, eurographics, ieee vis, icra, iros, aaai, ijcai, interspeech, icassp, ismb, recomb, agu fall meeting, egu general assembly,
kubecon, devoxx, qcon, strange loop, gophercon, rustconf, react conf, droidcon, europython, djangocon, railsconf, codemotion,
monitorama, srecon, hashiconf, google cloud next, microsoft build, microsoft ignite, collision, vivatech, gitex, gitex africa,
slush, money20/20, sibos, finovate, hannover messe, bauma, computex, intersolar, intersolar europe, ambiente, ispo, eurobike,
essen spiel, gen con, uk games expo, pax east, pax west, tokyo game show, bett show, london tech week, techcrunch disrupt, saastr annual
`);

/** Holidays and observances: events on the calendar, never organisations or people. */
export const HOLIDAYS = list(`
christmas, christmas day, christmas eve, new year, boxing day, new year's day, new year's eve, new years eve, hogmanay, easter, easter sunday,
easter monday, good friday, palm sunday, ash wednesday, pentecost, whitsun, epiphany, thanksgiving, halloween,
hallowe'en, valentine's day, valentines day, mother's day, mothers day, father's day, fathers day, st patrick's day,
saint patrick's day, st. patrick's day, independence day, fourth of july, labor day, labour day, memorial day, veterans day,
presidents' day, presidents day, martin luther king day, mlk day, juneteenth, columbus day, cinco de mayo, day of the dead,
dia de los muertos, bastille day, guy fawkes night, bonfire night, remembrance day, remembrance sunday, anzac day, australia day,
canada day, victoria day, burns night, may day, bank holiday, diwali, deepavali, navratri, dussehra, durga puja, raksha bandhan,
pongal, onam, eid al-fitr, eid al-adha, eid ul-fitr, ramadan, hajj, muharram, hanukkah, chanukah, passover, pesach,
rosh hashanah, yom kippur, sukkot, purim, shavuot, lunar new year, chinese new year, mid-autumn festival, dragon boat festival,
golden week, obon, songkran, vesak, nowruz, kwanzaa, mardi gras, carnaval, shrove tuesday, pancake day, black friday,
cyber monday, prime day, singles' day, pride month, earth day, world book day, international women's day, st andrew's day,
st david's day, st george's day, midsummer, juhannus, walpurgis night, king's day, koningsdag, mothering sunday, maundy thursday,
holy saturday, easter saturday, trinity sunday, whit monday, giving tuesday, pancake tuesday, fat tuesday, super bowl sunday,
small business saturday, blue monday, plough monday, midsommar, midsommarafton, shabbat, sabbath, carnival, karneval, fasching,
wigilia, eid, holi, lohri, vaisakhi, baisakhi, ugadi, makar sankranti, thaipusam, chuseok, seollal, tết, tet, timkat, meskel, festa junina,
hari raya, hari raya puasa, hari raya haji, sallah, lebaran, eid ul-adha, eid ul-azha, eid ul-fitr, sham el-nessim, bayram, kurban bayramı, şeker bayramı, crop over, kadooment, grand kadooment
`);

/** Last words of event names ("Boston Marathon", "Glastonbury Festival", "Web Summit"). */
export const EVENT_HEADS = new Set(
  list(`festival, fest, marathon, half, half-marathon, ultra, triathlon, 10k, 5k, parade, fair, exhibition, conference,
  summit, symposium, forum, event, convention, congress, meetup, hackathon, championship, championships, cup, games, olympics, grand prix, carnival, race, run, week,
  tournament, regatta, relay, derby, gala, concert, awards, ceremony, jubilee, fiesta, classic, eisteddfod, fayre, expo, show,
  sportive, walkathon, showcase, retreat, reunion, tour, supper, mela, feis, fete, fête, open, jamboree, rally, swim, sleepout,
  challenge, ride, races, gathering, powwow, perahera, parkrun, sevens, bonfire, worlds, competition, illuminations, stampede`),
);

/** First words of events in languages that name the kind first ("Feria de Abril", "Festa della Repubblica"). */
export const EVENT_OPENERS = new Set(list('feria, fiesta, fiestas, festa, festas, fête, fete, festival, carnaval, carnevale, fiera, sagra, romería, semana'));

/** Units and measures that are written in capitals or mixed case but are never names ("500 MB", "3 GHz"). */
export const UNITS = new Set(
  list(`kb, mb, gb, tb, pb, kib, mib, gib, tib, kbps, mbps, gbps, mb/s, gb/s, hz, khz, mhz, ghz, ms, µs, fps, rpm, rps, qps, tps,
  iops, mah, wh, kwh, mwh, kw, mw, gw, kva, dpi, ppi, dba, km, cm, mm, kg, mg, ml, mph, kph, km/h, bpm, vo2, ph, psi, lbs, oz, ft,
  ksh, kes, inr, usd, eur, gbp, aud, cad, nzd, zar, ngn, ghs, ugx, tzs, php, idr, myr, sgd, thb, vnd, brl, mxn, cop, clp, ars, pln, czk,
  huf, sek, nok, dkk, chf, jpy, krw, cny, rmb, hkd, aed, sar, egp, mad, mpa, kpa, gpa, kv, kn, knm, mva, mw/h, m², m³`),
);

/** Capitalised words that are generic terms, vocabulary rather than names. */
export const GENERIC_TERMS = new Set(
  list(`phd, mba, msc, bsc, db, gin, series, rest, restful, soap, crud, gist, btree, b-tree, lsm, saml, oidc, ldap, scim, acl, acls, rbac,
  abac, vat, gst, txt, mx, cname, aaaa, ptr, spf, dkim, dmarc, dbs, apm, soc, soc 2, iso 27001, gdpr, hipaa, pci, pci-dss, ccpa,
  p0, p1, p2, p3, sev1, sev2, rca, postmortem, adr, rfc, wip, lgtm, nit, ptal, eta, sla, slo, sli, mttr, ttl, cors, csrf, xss, ddos,
  waf, cdn, vps, vm, vms, ec, lb, alb, nlb, nat, vpc, iam, kms, hsm, cve, cves, ssr, ssg, spa, pwa, seo, cta, ab, a/b, ux, dx, qa, uat,
  e2e, tdd, bdd, ddd, oop, fp, dsl, ast, jit, aot, gc, oom, cpu, gpu, io, i/o, ocr, tts, stt, asr, llm, ml, nlp, cv, gpt, rlhf, lora,
  qlora, gguf, onnx, cuda, simd, avx, arm64, x86, amd64, riscv, risc-v, usb-c, hdmi, nvme, sata, raid, poe, wifi, 5g,
  4g, lte, ble, nfc, sms, mms, otp, iban, bic, swift code, sepa, ach, bacs, chaps, eft, p&l, ebitda, arr, mrr, cac, ltv, nps,
  csat, okr, kpi, roi, capex, opex, cogs, sku, skus, pos, invoice, error, errors, warning, warnings, payments, billing, backups,
  deploys, deploy, standup, standups, retro, retros, onboarding, offboarding, sprint, sprints, backlog, roadmap, changelog, readme,
  product, marketing, finance, legal, sales, engineering, accounting, procurement, compliance, facilities, operations, ops, growth,
  leadership, management, recruiting, recruitment, payroll, it support, helpdesk, customer success, people ops, head, director,
  manager, lead, chief, ticket, tickets, flight, issue, bug, login, logins, logout, signup, sign-up, checkout, inbox, settings, homepage,
  frontend, backend, staging, prod, production, wi-fi, svg, png, jpeg, jpg, gif, webp, heic, yaml, toml, ini, tsv, rss,
  uml, mp3, mp4, sepa`),
);
