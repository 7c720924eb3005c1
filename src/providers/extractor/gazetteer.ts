/**
 * Word lists for the offline extractor: well-known technologies, products and organisations (by lower-case key),
 * honorifics, and capitalised words that are not names. Generic lists of popular names, not tuned to any test set.
 */

import { AIRLINES, EVENTS, HOLIDAYS, list, MORE_ORGANIZATIONS, MORE_PRODUCTS, MORE_TECHNOLOGIES } from './catalog.ts';

/** Software, languages, platforms and services people write notes about. */
export const TECHNOLOGIES = new Set([
  ...MORE_TECHNOLOGIES,
  ...list(`
python, javascript, typescript, java, kotlin, scala, rust, golang, ruby, php, perl, haskell, elixir, erlang, clojure, ocaml, fortran,
cobol, c++, c#, f#, objective-c, lua, dart, zig, nim, crystal, julia lang, matlab, bash, powershell, webassembly, wasm, solidity, graphql,
postgresql, postgres, mysql, mariadb, sqlite, mongodb, redis, memcached, elasticsearch, opensearch, cassandra, dynamodb, couchdb, neo4j,
clickhouse, snowflake, bigquery, redshift,  firebase, firestore, cockroachdb, duckdb, influxdb, timescaledb, pinecone, weaviate,
qdrant, milvus, chroma, kafka, rabbitmq, nats, celery, airflow, dbt, spark, hadoop, flink, pandas, numpy, scipy, scikit-learn, jupyter,
tensorflow, pytorch, keras, jax, hugging face, transformers, langchain, llamaindex, ollama, lm studio, llama, llama 2, llama 3, mistral,
gpt-3, gpt-3.5, gpt-4, gpt-4o, gpt-5, chatgpt, claude, gemini, copilot, github copilot, stable diffusion, midjourney, dall-e, whisper,
react, react native, vue, vue.js, angular, svelte, sveltekit, next.js, nextjs, nuxt, remix, astro, ember, jquery, tailwind,
bootstrap, redux, webpack, vite, babel, esbuild, node, node.js, nodejs, deno, bun, fastify, nestjs, django, flask, fastapi,
rails, ruby on rails, laravel, symfony, spring boot, .net, asp.net, blazor, electron, tauri, flutter, swiftui, jetpack compose,
docker, kubernetes, k8s, helm, terraform, pulumi, ansible, vagrant, packer, nomad, consul, vault, istio, envoy, nginx, apache,
caddy, traefik, haproxy, jenkins, github actions, gitlab ci, circleci, travis ci, argo cd, argocd, spinnaker, bazel, gradle, maven, npm,
yarn, pnpm, pip, poetry, conda, homebrew, git, github, gitlab, bitbucket, mercurial, subversion,
aws, amazon web services, aws lambda, lambda, s3, ec2, ecs, eks, rds, cloudfront, sqs, sns, azure, microsoft azure, google cloud,
google cloud platform, gcp, cloud run, app engine,       cloudflare workers,
openstack, proxmox, vmware, virtualbox, grafana, prometheus, datadog, new relic, sentry, splunk, kibana, logstash, jaeger, opentelemetry,
 linux, ubuntu, debian, fedora, centos, red hat, arch linux, windows, windows 11, windows 10, macos, mac os, ios, ipados,
android, chrome os, chromeos, freebsd, unix, wsl, vs code, visual studio code, visual studio, vim, neovim, emacs, intellij, pycharm,
webstorm, xcode, android studio, eclipse, sublime text, postman, insomnia, wireshark, figma, sketch, photoshop, lightroom, illustrator,
premiere, premiere pro, after effects, indesign, canva, blender, unity, unreal engine, godot, autocad, excel, microsoft excel, word,
microsoft word, powerpoint, outlook, onenote, microsoft teams, teams, sharepoint, onedrive, office 365, microsoft 365, google docs,
google sheets, google slides, google drive, google calendar, gmail, google maps, google photos, google meet, slack, zoom, discord,
skype, webex, notion, obsidian, evernote, roam research, logseq, trello, asana, jira, confluence, linear, clickup, monday.com, basecamp,
airtable, zapier, ifttt, salesforce, hubspot, zendesk, intercom, mailchimp, stripe api, paypal, venmo, cash app, 
dropbox, icloud, 1password, lastpass, bitwarden, keepass, chrome, google chrome, firefox, safari, microsoft edge, brave,
opera, wordpress, shopify, squarespace, wix, webflow, substack, wikipedia, reddit, hacker news, stack overflow,
whatsapp, telegram, wechat, messenger, facebook messenger, imessage, facetime, instagram, tiktok, snapchat, pinterest,
youtube, twitch, linkedin, twitter, mastodon, bluesky, tinder, bumble, hinge, duolingo, strava, peloton, fitbit, garmin connect,
myfitnesspal, headspace, audible, kindle, goodreads, spotify app, apple music, apple podcasts, google podcasts, pocket casts,
netflix app, disney+, hulu, hbo max, prime video, amazon prime, apple tv, apple tv+, paramount+, peacock, youtube tv, uber eats,
doordash, grubhub, instacart,  google pay, apple pay, airdrop, siri, alexa, google assistant, cortana, 
`),
]);

/** Makers of cars and motorbikes: the maker's name before a model's is the vehicle ("Dacia Sandero", "my Kawasaki"). */
export const VEHICLE_MAKERS = new Set(
  list(`abarth, acura, alfa romeo, aprilia, aston martin, audi, bentley, bmw, buick, byd, cadillac, chery, chevrolet, chevy, chrysler,
  citroën, citroen, cupra, dacia, daihatsu, ds, ducati, dodge, ferrari, fiat, ford, geely, gmc, harley-davidson, holden, honda, hyundai,
  infiniti, isuzu, jaguar, jeep, kawasaki, kia, ktm, lada, lamborghini, land rover, lexus, lucid, mahindra, maruti, maserati, mazda,
  mclaren, mercedes, mercedes-benz, mg, mitsubishi, nio, nissan, opel, perodua, peugeot, piaggio, polestar, porsche, proton, renault,
  rivian, rolls-royce, royal enfield, saab, škoda, skoda, ssangyong, subaru, suzuki, tata, tesla, toyota, vauxhall, vespa, volkswagen,
  vw, volvo, xpeng, yamaha, claas, fendt, john deere, deere, massey ferguson, new holland, case ih, kubota, valtra, jcb, deutz-fahr, landini,
  mccormick, zetor, sonalika, swaraj, kioti, can-am, polaris`),
);

/** Devices, vehicles, games and other things people buy or play. */
export const PRODUCTS = new Set([
  ...MORE_PRODUCTS,
  ...list(`
raspberry pi, arduino,
esp32, iphone, ipad, ipads, iphones, ipod, macbook, macbook pro, macbook air, imac, mac mini, mac studio, apple watch, airpods,
airpods pro, vision pro, apple vision pro, homepod, pixel, google pixel, chromebook, galaxy, samsung galaxy, surface, surface pro,
thinkpad, playstation, playstation 5, ps5, ps4, xbox, xbox series x, nintendo switch, switch 2, steam deck, oculus, quest 3, meta quest,
kindle paperwhite, amazon echo, roomba, gopro, tesla model 3, model 3, model y, model s, model x, cybertruck, prius,
corolla, camry, civic, f-150, mario kart, minecraft, fortnite, zelda, pokemon, pokémon, the sims, wordle
`),
]);

/** Organisations well known enough to recognise by name alone. */
export const ORGANIZATIONS = new Set([
  ...MORE_ORGANIZATIONS,
  ...AIRLINES,
  ...list(`
heroku, netlify, vercel, digitalocean, linode, fly.io, pagerduty, revolut, deliveroo, supabase, google, alphabet, microsoft, apple, amazon, meta, facebook, netflix, tesla, spacex, openai, anthropic, deepmind, nvidia, intel, amd,
ibm, oracle, sap, salesforce, adobe, cisco, dell, hp, hewlett packard, lenovo, asus, acer, samsung, sony, lg, panasonic, philips,
huawei, xiaomi, oppo, tencent, alibaba, baidu, bytedance, uber, lyft, airbnb, booking.com, expedia, stripe, shopify,
paypal, visa, mastercard, american express, spotify, twitter, x corp, linkedin, pinterest, snap, reddit, dropbox, atlassian, github inc,
gitlab inc, cloudflare, akamai, fastly, digitalocean, mongodb inc, databricks, palantir, zoom video, slack technologies, twilio, okta,
workday, servicenow, snowflake inc, hashicorp, red hat inc, canonical, mozilla, wikimedia, jetbrains, unity technologies, epic games,
valve, nintendo, ea, electronic arts, activision, activision blizzard, blizzard, ubisoft, disney, warner bros, paramount,
hbo, bbc, cnn, nbc, abc news, cbs, fox news, reuters, associated press, bloomberg, the new york times, new york times, the washington post,
washington post, the guardian, the economist, financial times, wall street journal, the wall street journal, forbes, wired, techcrunch,
the verge, toyota, honda, ford, general motors, gm, volkswagen, bmw, mercedes-benz, mercedes, audi, porsche, ferrari, volvo, hyundai,
kia, nissan, boeing, airbus, lockheed martin, general electric, ge, siemens, bosch, basf, bayer, pfizer, moderna, biontech,
johnson & johnson, novartis, roche, astrazeneca, merck, gsk, walmart, target, costco, ikea, home depot, best buy, starbucks,
mcdonald's, mcdonalds, burger king, subway, chipotle, coca-cola, pepsi, pepsico, nestle, nestlé, unilever, procter & gamble, nike, adidas,
puma, zara, h&m, uniqlo, patagonia, lululemon, louis vuitton, gucci, chanel, hermès, rolex, jpmorgan, jp morgan, jpmorgan chase,
chase, goldman sachs, morgan stanley, citi, citibank, bank of america, wells fargo, hsbc, barclays, deutsche bank, ubs, credit suisse,
blackrock, vanguard, fidelity, sequoia, sequoia capital, andreessen horowitz, a16z, y combinator, softbank, berkshire hathaway,
deloitte, pwc, ey, ernst & young, kpmg, mckinsey, bcg, bain, accenture, verizon, at&t, t-mobile, comcast, vodafone,
deutsche telekom, bt, fedex, ups, dhl, usps, delta, united airlines, american airlines, southwest, lufthansa, british airways,
air france, klm, emirates, ryanair, easyjet, qantas, harvard, harvard university, mit, stanford, stanford university, yale, princeton,
columbia university, berkeley, uc berkeley, ucla, caltech, carnegie mellon, oxford, university of oxford, cambridge, university of cambridge,
imperial college, eth zurich, epfl, sorbonne, johns hopkins, nasa, esa, noaa, fbi, cia, nsa, irs, fda, cdc, nih, epa, sec, ftc, fcc,
un, united nations, unicef, unesco, who, world health organization, who's, nato, eu, european union, european commission, imf,
world bank, wto, oecd, red cross, greenpeace, amnesty international, doctors without borders, gates foundation, wikimedia foundation,
federal reserve, european central bank, bank of england, nfl, nba, mlb, nhl, fifa, uefa, ioc, premier league, ncaa
`),
]);

/** Places the word lists of compromise lack, or that need more than one word. */
export const PLACES = new Set(
  list(`
silicon valley, bay area, new york city, nyc, la, sf, dc, washington dc, uk, usa, us, uae, eu, europe, asia, africa, north america,
south america, latin america, middle east, scandinavia, the alps, alps, himalayas, sahara, amazon rainforest, the netherlands,
manhattan, brooklyn, queens, the bronx, bronx, harlem, soho, hollywood, montmartre, shibuya, shinjuku, kowloon, napa, napa valley,
yosemite, yellowstone, grand canyon, central park, hyde park, times square, wall street, the strip, route 66, machu picchu,
eiffel tower, big ben, the louvre, louvre, colosseum, acropolis, stonehenge, mount everest, mount fuji, kilimanjaro, lake tahoe,
lake como, lake geneva, great barrier reef, niagara falls, golden gate bridge, heathrow, gatwick, jfk, lax, sfo, o'hare, schiphol
`),
);

/** Holidays and named events (festivals, races, conferences). */
export const NAMED_EVENTS = new Set([...EVENTS, ...HOLIDAYS]);

/**
 * What a family calls its grandparents, in English and the languages of home ("Babcia Halina", "Abuela Remedios", "Opa
 * Henk"): a title before a name, and no name alone ("lunch at Gran's").
 */
export const KIN_TITLES = new Set(
  list(`grandma, grandpa, grandad, granddad, granny, gran, nana, nan, nanna, grandmama, grandpapa, babcia, dziadek, abuela, abuelo,
  abuelita, abuelito, oma, opa, yiayia, yiayiá, pappou, papou, nonna, nonno, bubbe, bubby, zayde, zaide, nani, nana-ji, dadi, dada-ji,
  ouma, oupa, mamie, papie, mormor, morfar, farmor, farfar, baba, dedushka, babushka, lolo, lola, halmeoni, harabeoji, obaachan, ojiichan,
  aunty, auntie, tante, onkel, tía, tío, tita, tito, zia, zio, teta, ciocia, wujek, bibi, chacha, chachi, mausi, mama-ji,
  thatha, paati, ammamma, appachan, amca, teyze, dayı, khala, khalo, mama, vovó, vovô, avó, avô, herr, frau, madame, monsieur,
  señora, señor, kuya, ate, nanay, tatay, bapak, ibu, sister-in-law, brother-in-law, mother-in-law, father-in-law, tia, tio, kuzen,
  abla, yenge, enişte, tonton, tatie, cousin, dona, doña, pani, signora, signor, mevrouw, meneer, fru, senhor, senhora, ajarn, sensei, khun,
  dci, dsi, insp, inspector, supt, superintendent, hhj, kommissar, kommissarin, advogado, advogada, abogado, abogada, avocat, avocate,
  notaire, steuerberater, steuerberaterin`),
);

/**
 * Job titles written before a name in work logs ("Midwife Grace did the home birth", "PC Hendry and I", "Sommelier
 * Beatrix ordered"): dropped like an honorific, a sure sign of a person. Only trades no place or firm is named after.
 */
export const JOB_TITLES = new Set(
  list(`midwife, paramedic, sommelier, dispatcher, plasterer, lecturer, pc, constable, sergeant, barista, postwoman, postman, pharmacist,
  matron, caretaker, headteacher, receptionist, electrician, plumber, carpenter, babysitter, nanny, childminder, nutritionist, dietitian,
  dietician, physio, physiotherapist, osteopath, chiropractor, therapist, counsellor, counselor, psychologist, tutor, dentist, hygienist,
  optician, vet, surgeon, gardener, handyman, mechanic, roofer, decorator, locksmith, landlord, landlady, neighbour, neighbor, intern,
  solicitor, accountant, instructor`),
);

/** Titles before a name: dropped from the name, a sign of a person. */
export const HONORIFICS = new Set(
  [...KIN_TITLES, ...list(`mr, mrs, ms, miss, mx, dr, prof, professor, sir, dame, lord, lady, rev, reverend, fr, father, sister, brother, st, saint, sr, sra, srta, señor, señora, señorita, herr, frau, mme, mlle, pak, ibu, bapak, shri, smt,
  capt, captain, col, colonel, gen, general, lt, sgt, officer, detective, judge, justice, president, senator, sen, rep, governor, gov,
  mayor, councillor, cllr, alderman, pastor, imam, rabbi, deacon, bishop, king, queen, prince, princess, uncle, aunt, auntie, grandma, grandpa, grandad, granddad, granny, gran, nana, nan, coach, chef,
  nurse, pastor, rabbi, imam, emeritus, emerita, ing, eng, dipl.-ing`), ...JOB_TITLES],
);

/** Honorifics that are certainly titles (a "Sister" or a "Saint" may begin a place or an organisation). */
export const PERSON_TITLES = new Set([...KIN_TITLES, ...JOB_TITLES, ...list(`mr, mrs, ms, miss, mx, dr, prof, professor, sir, dame, rev, reverend, sr, sra, srta, señor, señora, señorita, herr, frau, mme, mlle, pak, ibu, bapak, shri, smt, capt, captain, col,
colonel, lt, sgt, officer, detective, judge, senator, sen, governor, gov, mayor, uncle, aunt, auntie, coach, pastor, rabbi, imam, emeritus, emerita, grandad,
granddad, granny, gran, nana`)]);

/** Kin and role words that, just before a capitalised name, say it is a person ("my sister Anna"). */
export const PERSON_CUES = new Set(
  list(`sister, brother, mom, mum, mother, dad, father, son, daughter, wife, husband, partner, girlfriend, boyfriend, fiance, fiancé,
  fiancee, fiancée, cousin, aunt, uncle, niece, nephew, grandma, grandpa, grandad, granddad, granny, gran, nana, grandmother, grandfather, friend, buddy, colleague, coworker,
  co-worker, boss, manager, neighbor, neighbour, roommate, teacher, mentor, student, kid, kids, baby, landlord, doctor, dentist, therapist,
  coach, named, called, meet, met, with, told, asked, thanks, thank, congrats, hi, hey, hello, dear, love, ask, ping, pinged, tell,
  remind, reminded, cc, cc'd, dm, dm'd, nudge, nudged, thanked, invite, invited, hug, hugged, babysit, babysat, sister-in-law,
  brother-in-law, mother-in-law, father-in-law, son-in-law, daughter-in-law, stepson, stepdaughter, grandson, granddaughter`),
);

/**
 * Family words right before a name: "my niece Chanel", "father-in-law Giorgos", "our son Jordan". As sure a sign of a
 * person as a title, whatever brand or place has the name.
 */
export const FAMILY_NOUNS = new Set(
  list(`sister, brother, mom, mum, mother, dad, father, son, daughter, wife, husband, cousin, niece, nephew, grandmother, grandfather,
  grandson, granddaughter, stepson, stepdaughter, stepmother, stepfather, stepsister, stepbrother, sister-in-law, brother-in-law,
  mother-in-law, father-in-law, son-in-law, daughter-in-law, godmother, godfather, goddaughter, godson`),
);

/** Greetings before a holiday ("Happy Diwali", "Merry Christmas"): the wish, no part of the holiday's name. */
export const GREETINGS = new Set(['happy', 'merry', 'blessed', 'joyous', 'joyful']);

/**
 * Languages and faiths: words of a person's profile ("speaks Lingala", "is a Catholic"), no names alone, but they
 * begin longer ones ("Tamil Nadu", "Catholic University of Leuven"; names.ts INNER_NAME_WORDS).
 */
export const LANGUAGES_AND_FAITHS = list(`swahili, urdu, tagalog, bengali, punjabi, yoruba, igbo, hausa, amharic, zulu, xhosa, hebrew, farsi,
  mandarin, cantonese, catalan, gujarati, marathi, telugu, kannada, malayalam, sinhala, burmese, khmer, mongolian, kazakh, uzbek,
  serbian, croatian, slovak, slovenian, bulgarian, estonian, latvian, lithuanian, albanian, armenian, afrikaans, somali, tigrinya,
  wolof, twi, lingala, kinyarwanda, kirundi, shona, sesotho, setswana, oromo, fulani, bambara, fante, luganda, kikuyu, dholuo,
  malagasy, tamil, pashto, kurdish, tajik, kyrgyz, turkmen, uyghur, tibetan, hmong, cebuano, ilocano,
  catholic, catholics, protestant, protestants, anglican, methodist, baptist, lutheran, presbyterian, evangelical, pentecostal,
  muslim, muslims, hindu, hindus, buddhist, buddhists, jewish, sikh, sikhs, christian, christians, atheist, agnostic, mormon, quaker`);

/** Capitalised words that are not names on their own: greetings, exclamations, pronouns, common chat words. */
export const NOT_NAMES = new Set([
  ...list(`sim, esim, mam, mammy, mummy, mommy, daddy, i, i'm, i've, i'll, i'd, im, ive, let, lets, me, my, we, you, he, she, it, they, ok, okay, hey, hi, hello, wow, oh, ooh, yeah, yep, yes, no,
  nope, ha, thanks, thank, sure, cool, great, awesome, nice, lol, omg, haha, hahaha, ah, aw, aww, bye, congrats, congratulations, sorry,
  please, dear, mom, mum, dad, grandma, grandpa, mommy, daddy, sis, bro, babe, honey, god, lord, jesus, internet, web, tv, ai, wifi,
  today, tomorrow, yesterday, tonight, morning, evening, afternoon, night, weekend, english, spanish, french, german, chinese,
  japanese, italian, portuguese, korean, russian, arabic, hindi, american, british, european, asian, african, canadian, mexican,
  indian, thai, vietnamese, greek, turkish, polish, dutch, swedish, danish, finnish, irish, scottish, welsh, brazilian, argentinian,
  peruvian, colombian, nigerian, kenyan, ethiopian, moroccan, egyptian, lebanese, persian, israeli, pakistani, bangladeshi, nepali,
  indonesian, malaysian, filipino, australian, swiss, austrian, belgian, czech, hungarian, romanian, ukrainian, icelandic, christmas eve, new year, new year's, new years, happy, merry, good, well, so, and, but, or, also, just, really, very, totally,
  definitely, absolutely, anyway, btw, fyi, asap, tbh, imo, idk, np, ty, thx, pls, plz, xoxo, hmm, hm, um, uh, huh, whoa, yay, ugh,
  oops, damn, gosh, geez, jeez, dude, man, guys, everyone, everybody, someone, anyone, nobody, nothing, something, anything, everything,
  what, when, where, who, why, how, which, that, this, these, those, there, here, then, now, still, yet, maybe, perhaps, probably,
  chapter, section, step, part, page, figure, table, note, todo, update, edit, re, fwd, subject, summary, agenda, action, items, q&a,
  user, users, mass, mubarak, abeg, abbu, ammi, ammu, amma, appa, eomma, umma, did, does, didn't, don't, doesn't, isn't, aren't, wasn't, weren't, won't, can't, couldn't,
  wouldn't, shouldn't,
  saudi, emirati, qatari, omani, kuwaiti, jordanian, syrian, iraqi, iranian, afghan, nepalese, ghanaian, ugandan, tanzanian,
  rwandan, cameroonian, senegalese, ivorian, chilean, venezuelan, ecuadorian, bolivian, uruguayan, paraguayan, cuban, jamaican,
  haitian, taiwanese, singaporean, cambodian, laotian, azerbaijani, maltese, cypriot, zimbabwean, zambian, malawian, sudanese,
  somalian, tunisian, algerian, libyan`),
  ...LANGUAGES_AND_FAITHS,
]);

/** Acronyms that are vocabulary, not names. */
export const COMMON_ACRONYMS = new Set(
  list(`gp, gps, sim, esim, imei, otp, api, apis, cli, ui, ux, url, urls, http, https, json, xml, html, css, pdf, csv, sql, nosql, sdk, ide, orm, cdn, dns, vpn, ssh, ssl,
  tls, tcp, udp, ip, lan, wan, ssd, hdd, cpu, gpu, tpu, ram, rom, os, usb, hdmi, gps, nfc, rfid, iot, ai, ml, llm, llms, nlp, ocr, rag,
  saas, paas, iaas, b2b, b2c, crm, erp, seo, roi, kpi, kpis, okr, okrs, mvp, poc, qa, ci, cd, ci/cd, pr, prs, mr, sre, devops, etl, jwt,
  oauth, sso, mfa, 2fa, otp, pin, id, ids, faq, tl;dr, tldr, eta, fyi, asap, diy, tv, hr, ceo, cto, cfo, coo, cio, vp, svp, evp, pm,
  am, gmt, utc, est, pst, cet, nda, sla, rfc, rfp, mou, llc, inc, ltd, phd, mba, ba, bs, bsc, msc, md, rn, mri, ct, er, icu, ivf, adhd,
  ptsd, ocd, covid, hiv, dna, rna, bbq, rsvp, dm, dms, pm's, lgbt, lgbtq, lgbtq+, lgbtqia, diy, q1, q2, q3, q4, h1, h2, fy, ytd, yoy,
  mom, wow, ok, usd, eur, gbp, jpy, atm, pto, wfh, ooo, eod, eow, asap, tba, tbd, n/a, aka, vs, etc, ie, eg, ps, nb, rip, lol, omg,
  brb, btw, imo, imho, irl, smh, tbh, nas, nft, nfts, crypto, ev, evs, suv, nyt, iou, ious, dag, dags, dlc, pcb, iv, hpc, ecg, ekg`),
);

/**
 * File formats, query languages and protocols among those acronyms: a name (a technology) where one stands alone
 * ("exported it as CSV", "strong on SQL", "send it as a PDF"), vocabulary before a noun ("the CSV importer"). JSON,
 * XML and HTML stay vocabulary: developers' notes are full of them, and no labelled set names them.
 */
export const FORMAT_ACRONYMS = new Set(list('pdf, csv, tsv, yaml, sql, ldap, ods, xlsx, docx, geojson, saml, mqtt, smtp, imap'));

/** Words after which a capitalised name is a place ("moved to Denver"). */
export const PLACE_PREPOSITIONS = new Set(list('in, to, from, near, into, around, across, through, outside, inside, via, toward, towards, along'));

/** Last words of organisation names. */
export const ORGANIZATION_HEADS = new Set(
  list(`inc, inc., corp, corp., corporation, co, co., company, companies, ltd, ltd., llc, plc, gmbh, ag, sa, sas, srl, bv, nv, oy, ab, as,
  pty, kk, limited, energy, insurance, cycles, motors, pharma, health, healthcare, bank, group, holdings, bank, university,
  college, school, academy, institute, institution, foundation, hospital, clinic, agency, association, society, council, committee,
  department, ministry, airlines, airways, labs, laboratories, technologies, technology, systems, software, studios, studio, partners,
  capital, ventures, times, post, news, press, journal, magazine, club, church, party, union, federation, league, team, fund, trust,
  bureau, commission, office, authority, service, services, network, networks, media, entertainment, games, motors, pharmaceuticals,
  industries, solutions, consulting, records, publishing, brewery, bakery, cafe, café, restaurant, bar, hotel, gym, store, shop,
  foods, markets, market, mall, center, centre, records, cinema, theatre, theater, inn, pub, lodge, tavern, arms, rail, railways,
  transit, telecom, water, power, broadband, mutual, surgery, practice, medical, dental, veterinary, vets, pharmacy, opticians,
  legal, solicitors, lawyers, accountants, finance, payroll, lettings, estates, removals, roofing, plumbing, builders, hire,
  logistics, logistik, freight, unit, ward, invest, investments, wealth, rehab, physio, seeds, couriers, travel, tours, campers, books, stores, primary, robotics, analytics, bio, biotech,
  savings, pensions, brewing, distillery, roasters, kitchen, catering, nursery, preschool, ferries, buses, coaches, cabs, taxis,
  joinery, carpentry, glazing, landscaping, electrical, interiors, decorating, garage, salon, barbers, florist, florists, butchers, deli, patisserie, boulangerie,
  bau, bouw, stadium, stadion, arena, kraft, energi, energie, museum, zoo, temple, hall, aquarium, gallery, mosque, synagogue, gurdwara, mandir,
  cathedral, chapel, velodrome`),
);

/** Last words of place names. */
export const PLACE_HEADS = new Set(
  list(`street, st, avenue, ave, road, rd, boulevard, blvd, lane, drive, square, park, lake, mountain, mountains, mount, river, valley, bay,
  beach, island, islands, station, airport, bridge, tunnel, trail, canyon, falls, forest, desert, sea, ocean, coast, county, city,
  state, province, district, museum, cathedral, tower, palace, castle, gardens, garden, harbor, harbour, port, peninsula, hills, hill,
  springs, heights, village, town, square, plaza, pier, zoo, stadium, arena, temple, shrine, abbey, chapel, market, quarter, gate,
  common, heath, green, cross, hall, house, place, wharf, quay, moor, fell, glen, loch, dale, fjord, cliffs, gorge, pass, peak, national park,
  junction, way, edge, crag, pike, tarn, scar, knott, beck, brook, estuary, marsh, marshes, fen, fens, downs, wood, woods, reservoir, canal, canals, lido, ponds, promenade, crescent, terrace, close, row, mews,
  path, reserve, velodrome, building, room, gyoen, centraal, hauptbahnhof, hbf, ghat, ghats, utca, út, tér, ulica, ulice, caddesi, sokak,
  sokağı, straße, strasse, gasse, gatan, gata, gade, vej, katu`),
);

/** First words of place names. */
export const PLACE_PREFIXES = new Set(list('mount, mt, lake, port, fort, cape, isle, gulf, lake, san, santa, los, las, new, north, south, east, west, upper, lower, greater, castle, ben, loch, glen, isla, costa, sierra, playa, rio, puerto, river, gare, cerro, lago, praia, piazza, parque, parc, pico, punta, pulau, gunung, bukit, ilha, île, paseo, rua, jalan, calle, avenida, mercado, lough, lac, route, highway, interstate, praça, praca, largo, rynek, plac, rambla, carrer, carrera, rue, viale, corso, strada, ulitsa, soi, chemin, allée, quai, parque, plaza, plaça, piazzale, campo, wadi, jebel, jabal, djebel, monte, isola, bahía, baie'));

/** First words of a venue's name, a business ("Bistro Kalina", "Hotel Amrâth", "Ryokan Hanaoka"). */
export const VENUE_PREFIXES = new Set(list('bistro, brasserie, hotel, hostel, ryokan, osteria, trattoria, taverna, pizzeria, café, cafe, restaurant, auberge, pension, posada, studio, atelier, salon, bakkerij, bakerie, boulangerie, patisserie, bäckerei, konditorei, panadería, padaria, fietsenmakerij, apotheke, farmacia, farmácia, pharmacie, apteka, apotek, advokatfirmaet, advokatfirma, kanzlei, bufete, museo, musée, museu, muzeum, múzeum, museet, klinik, clínica, clinica, clinique, hospital, hôpital, ospedale, spital, spitalul, szpital, krankenhaus, universidad, universidade, université, università, uniwersytet, escuela, colegio, lycée, liceo, escola, école, scuola, gymnasium, finanzamt, bürgeramt, ayuntamiento, mairie, préfecture, prefeitura, comune, gemeente, landgericht, amtsgericht, oberlandesgericht, polizei, jobcenter, tribunal, tribunale, juzgado'));

/** First words of a named storm ("Storm Darragh", "Hurricane Milton"): an event. */
export const STORM_PREFIXES = new Set(list('storm, hurricane, typhoon, cyclone'));

/** Lower-case words allowed inside a multi-word name ("University of Queensland", "Musée d'Orsay"). */
export const NAME_CONNECTORS = new Set(list("of, de, du, des, la, le, van, von, der, den, da, del, di, d', y, &, do, dos, das, dal, della, delle, dei, degli, los, las, les, zum, zur, am, aan, ter, ten"));

/** Heads after which "of" continues a name. */
export const OF_HEADS = new Set(
  list(`university, bank, institute, college, school, academy, museum, department, ministry, city, republic, kingdom, state, states,
  gulf, bay, isle, statue, tower, church, cathedral, order, society, federation, association, board, council, office, league, union,
  court, house, house, museum, palace, sea, straits, strait, lake, cape, duke, duchess, prince, princess, king, queen, lord,
  commonwealth, province, district, county, federal, united, people, people's, bureau, center, centre, hall, center, office, ministry,
  chamber, congress, parliament, school, faculty, hospital, port, bank, isle, mount, temple, tomb, valley, cliffs, rock, tour, festival,
  club, friends, library, guild, sisters, brothers, knights, gift, feast, gathering, parade, carnival, battle, fair, institution,
  foundation, agency, commission, fund, trust, corporation, authority, embassy, consulate`),
);

/** Institutions' heads after which "for" continues a name: "Centre for Social Innovation", "Institute for Fiscal Studies". */
export const FOR_HEADS = new Set(
  list(`institute, institution, centre, center, society, foundation, council, association, commission, agency, trust, fund, office,
  school, college, academy, alliance, coalition, campaign, committee, network, partnership, ministry, department, league, union,
  federation, organisation, organization, movement, charity, hospital, clinic, service, services, agency`),
);
