import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { rulesAlone, namedEntityTypes as types } from '../../../test/entityTypes.ts';

describe('issue 26, third round: cues for names nobody listed', () => {
  test('"X\'s CEO", "X\'s board": an organisation', () => {
    assert.equal(types("Corvex's CEO resigned on Monday.").Corvex, 'organization');
    assert.equal(types("Brindlemoor's board meets on Friday.").Brindlemoor, 'organization');
  });

  test('"talked to X", "sent the draft to X at Y": a person, though a town has the name', () => {
    assert.equal(types('Talked to Orrin from Vellum Health about the pilot.').Orrin, 'person');
    assert.deepEqual(types('Sent the draft to Emmerich at Lindqvist & Berg.'), { Emmerich: 'person', 'Lindqvist & Berg': 'organization' });
  });

  test('"the plumber from X": the firm that sent them', () => {
    assert.equal(types('The plumber from Flowright comes Thursday.').Flowright, 'organization');
  });

  test('"in X county", "the X cottage": a place, though a surname has the name', () => {
    assert.equal(types('They live in Harlan county now.').Harlan, 'location');
    assert.equal(types('Cerys says the Llanon cottage has no signal.').Llanon, 'location');
  });

  test('"pip install x", "npm i @scope/x@2", "uv pip install x": software, written in lower case', () => {
    assert.equal(types('pip install wobblefish fixed the import.').wobblefish, 'technology');
    assert.equal(types('Ran npm i -D @acme/zodiak-forms@2.1 and the build broke.')['@acme/zodiak-forms'], 'technology');
    assert.equal(types('uv pip install tessellate==0.4 failed on the M2.').tessellate, 'technology');
  });

  test('a business named with its trade: "X Legal", "X Payroll", "X Mutual", "X Surgery"', () => {
    assert.equal(types('Sent the lease to Marchbank Legal.')['Marchbank Legal'], 'organization');
    assert.equal(types('Onboarding call with Fernleaf Payroll at 2pm.')['Fernleaf Payroll'], 'organization');
    assert.equal(types('Called Brightstone Mutual about the car claim.')['Brightstone Mutual'], 'organization');
    assert.equal(types('Our GP, Hollybank Surgery, moved online.')['Hollybank Surgery'], 'organization');
  });

  test('a day named for something is an event, a long-distance path a place', () => {
    assert.equal(types('Volunteered at the Windrush Day parade in Brixton.')['Windrush Day'], 'event');
    assert.equal(types('Finished the Dales Way with Tegid.')['Dales Way'], 'location');
    assert.equal(types('Took Granny to the Urdd Eisteddfod.')['Urdd Eisteddfod'], 'event');
  });

  test('a person at a sentence start whose name is also a word: "Bryony said", "Eluned\'s son"', () => {
    assert.equal(types('Bryony joined Quillfeather as head of design.').Bryony, 'person');
    assert.equal(types("Eluned's son got into Bangor University.").Eluned, 'person');
  });

  test('a city a known organisation is named after, "in X", is the city', () => {
    assert.equal(types('Applied to Quillon Bio in Oxford.').Oxford, 'location');
  });

  test('mentions of one name in one text agree: the type most said wins, not the one surest cue', () => {
    // Twice a system's state, once "with X" (a person's cue): software.
    const text = 'Tessary is down again. Tessary is slow since the upgrade. Spent the whole morning with Tessary.';
    assert.equal(types(text).Tessary, 'technology');
  });

  test('"ask X", "ping X": a person one asks', () => {
    assert.equal(types('Priyamvada is on leave until the 20th, ask Dhruv.').Dhruv, 'person');
    assert.equal(types('Ping Oduya about the keys.').Oduya, 'person');
  });

  test('the head of a compound after a name says what it is: "the X bike trails", "the X landing page", "the X crash"', () => {
    assert.equal(types('The Whinlatter bike trails were muddy.').Whinlatter, 'location');
    assert.equal(types('Set up Umami for the Wren landing page.').Wren, 'product');
    assert.equal(types('Fixed the Bellhop crash on empty carts.').Bellhop, 'product');
    // A market's own name: the rules' place word; the learned layer, unsure of "Quayside", may read it otherwise.
    assert.equal(rulesAlone(() => types('The Quayside market is on every Sunday.')).Quayside, 'location');
  });

  test('chat lines: "omg X got engaged to Y", "lol X fell asleep", "X is away", "Grandad X"', () => {
    assert.deepEqual(types('omg Tiberius just got engaged to Ngaio!!'), { Tiberius: 'person', Ngaio: 'person' });
    assert.equal(types('lol Fenella fell asleep during the demo').Fenella, 'person');
    assert.equal(types('Sprint planning moved, Oriel is away.').Oriel, 'person');
    assert.deepEqual(types('Grandad Wilfred is staying with us.'), { Wilfred: 'person' });
  });

  test('a dependency bumped to a version is software: "bumped Tokio to 1.40"', () => {
    assert.equal(types('Work log: bumped Tokio to 1.40 and fixed the tests.').Tokio, 'technology');
  });

  test('"the X and Y" is one name (a pub\'s), and fells, edges and ridges are places', () => {
    assert.deepEqual(types('Chess club at the Fox and Hounds is on Thursdays.'), { 'Fox and Hounds': 'organization' });
    assert.deepEqual(types('The Helvellyn ridge was icy, turned back at Swirral Edge.'), { Helvellyn: 'location', 'Swirral Edge': 'location' });
  });

  test('an adverb between a name and its verb does not hide the actor: "Ambrosine finally heard back"', () => {
    assert.equal(types('Ambrosine finally heard back from Halewood Press.').Ambrosine, 'person');
  });

  test('a noun after a name beats a town of that name: "the Thornbury sync service"; "the Saltburn pier" is a place', () => {
    assert.equal(types('Fixed the leak in the Thornbury sync service.').Thornbury, 'product');
    assert.equal(types('The Saltburn pier was closed for repairs.').Saltburn, 'location');
    assert.equal(types('The Fenland cycle route was flat and windy.').Fenland, 'location');
    assert.equal(types('Our Cronitor checks flagged the backup job.').Cronitor, 'product');
  });

  test('an event named with "of": "Tour of Britain", "Festival of Speed"', () => {
    assert.equal(types('Watched the Tour of Britain finish in Aberdeen.')['Tour of Britain'], 'event');
    assert.equal(types('Tickets for the Festival of Speed came today.')['Festival of Speed'], 'event');
  });

  test('dates and units stay values, never named entities', () => {
    const found = types('pip install polars took 3 GB and 40 minutes on 4 March 2026.');
    assert.deepEqual(Object.keys(found), ['polars']);
  });
});
