import type { CurrentUser } from '../auth/current-user.ts';

/** A question is asked, and a conversation reset, only as oneself (spec doc 1 §7: userId is the caller's). */
export const canAskAs = (caller: Pick<CurrentUser, 'id'>, userId: string): boolean => caller.id === userId;

export type HarmKind = 'weapon' | 'dropping' | 'evasion' | 'interference' | 'privacy' | 'contraband' | 'harassment';

/** The two parts in either order, at most `gap` characters apart, each a whole word or phrase. */
const eitherOrder = (a: string, b: string, gap = 60) => new RegExp(`\\b${a}\\b.{0,${gap}}\\b${b}\\b|\\b${b}\\b.{0,${gap}}\\b${a}\\b`);
const PRIVATE_ROOM = "((bathroom|bedroom|shower) windows?|(her|his|their|neighbou?r'?s?) (bathroom|bedroom|shower))";
const CAMERA_WORD = '(zoom|shot|film\\w*|record\\w*|pictures?|photos?|camera|see in(to)?)';
const DELIVERY = '(packages?|parcels?|box|bags?|phones?|drugs|weed|pills|tobacco|cigarettes|stuff|goods|cargo|contraband|deliver\\w*|drop\\w*|carry\\w*|\\d+ ?(kg|lbs?|pounds)|over (a |the )?(wall|fence))';
const CUSTODY = '(prison|jail|correctional|penitentiary|(state|federal|county|the) pen|lock-?up|juvie|detention (center|centre|facility)|inmates?)';
const BORDER = '((across|over) (the |a )?(\\w+ )?border|border crossing|rio grande|across the river)';
const FIREWORK = '(fireworks?|firecrackers?|pyrotechnic\\w*|roman candles?|bottle rockets?|m-?80s?)';
// Buzzing or harassing, whichever comes first in the question; chasing only before its target.
const BUZZ = '(buzz|buzzing|harass\\w*|terrori[sz]\\w*)';
// Flying so as not to be seen, which makes a delivery across a border smuggling.
const UNSEEN = '(at night|after dark|without|no lights|lights off|secret\\w*|sneak\\w*|unnoticed|undetected|drugs|weed)';
// A wild animal or a person, the target of buzzing or chasing.
const LIVING = '(people|person|someone|somebody|riders?|hikers?|horses?|deer|elk|moose|bears?|birds?|geese|ducks|wildlife|animals?|herds?|cattle|cows|dogs?|cats?|kids|neighbou?rs?|swimmers|surfers|walkers|joggers|protesters?)';

/**
 * Requests to do harm with a drone, recognised by what is asked, whatever retrieval would find: the
 * assistant declines them plainly (issue 14). Patterns name the act, so "can I drop things from my
 * drone" (a rules question) is answered while "drop stuff on people" is not.
 */
const HARM_PATTERNS: [HarmKind, RegExp][] = [
  ['weapon', /(\.22\b|\b(12|20) gauge\b|\b(gun|guns|handguns?|shotguns?|firearm|pistol|rifle|recoil|ammo|tannerite|mortars?|lit (road )?flares?|arson|burn (it |them |the \w+ )?down|set (it |them |the \w+ )?on fire|knife|knives|weapon\w*|explosive\w*|(?<!dive[- ]?)bomb\w*|grenade\w*|taser|pepper spray|flamethrower|incendiar\w*|molotov|(rag|lit) fuse|fire ?bomb\w*|petrol bomb\w*)\b)/],
  // Filming fireworks is a question; a drone carrying or launching them is a weapon.
  ['weapon', new RegExp(`\\b((attach|mount|strap|rig|carry|launch|shoot|fire|light|tap|tape|tie|glue|duct)\\w*\\b.{0,25}\\b${FIREWORK}|${FIREWORK}.{0,40}\\b(on|to) (my|a|the) (\\w+ )?(drone|quad|fpv)|fireworks? launchers?)\\b`)],
  // Chemicals on someone else's garden or property: "a spray tank so i can hit my neighbors tomatoes w roundup".
  ['dropping', new RegExp(`^(?!.*\\b(wants? me|hired?|hiring|pays?|paid|asked me|permission|consent|licen[cs]e\\w*|contract\\w*)\\b).*` + eitherOrder(`(spray\\w*|roundup|herbicides?|weed ?killer|pesticides?|poison\\w*|bleach|paint)`, `(neighbou?r'?s?|someone'?s?|somebody'?s?|his|her|their) (\\w+ )?(yard|lawn|garden|tomatoes|plants|crops?|trees?|field|car|house|pool|dog|cat)`).source)],
  ['dropping', /\b(drop|dropping|throw|throwing|dump|spray|spraying)\b.{0,40}\b(on|onto|at)\b.{0,20}\b(people|person|someone|somebody|crowd\w*|protest\w*|protesters|cars?|traffic|house|neighbou?rs?|kids|police|cops)\b/],
  // A delivery across a border unseen: "a 2kg package across the border at night without lights".
  ['contraband', new RegExp(`^(?=.*\\b${UNSEEN}\\b)(?!.*\\blegal(ly)?\\b).*(${eitherOrder(DELIVERY, BORDER).source})`)],
  ['evasion', /\b(turn(ing)? off|disabl\w*|spoof\w*|bypass\w*|hack\w*|patch\w*|defeat\w*|get around|trick)\b.{0,45}\b(remote ?id|geo ?fenc\w*|geo ?zones?|no.?fly|flysafe|altitude limit)\b/],
  // Feeding the drone a false position so its limits do not apply: "a gps spoofer to trick my mavic".
  ['evasion', /\b((a|my|use) gps spoofer|spoof\w* (the |my |its )?gps (so|to)|trick\w* (my|the|its) (\w+ )?(drone|quad|mavic|mini|air|dji|controller|gps) into)\b/],
  // Flying under another pilot's registration: "put someone else's registration number on my drone".
  ['evasion', /\b((someone|somebody|another (pilot|person))( else)?'?s? (faa )?(registration|reg)\b|(fake|false|fraudulent|stolen) (faa )?registration|(use|put|borrow|copy)\w* (his|her|their|(my |a )?(friend|buddy|dad|brother|sister|neighbou?r)'?s) (\w+ )?(faa )?(registration|reg)\b)/],
  // Passing one's drone off as another's: "so it looks like someone else's drone"
  ['evasion', /\b((look|appear)s? like (it'?s |it is )?(someone|somebody|another (pilot|person))( else)?'?s?|impersonat\w*)\b/],
  ['evasion', /\b((fake|false|spoofed|someone else'?s) (operator |pilot )?(location|position|serial)|without (getting|being) (caught|tracked|traced|identified|seen|noticed|detected|spotted)|so (nobody|no one|police|cops) can('t| ?not)? (track|find|see|catch)|evade|evading|outrun|hide (it |my drone )?from|escape)\b.{0,40}\b(police|cops|faa|law|authorit\w*|tfr|remote ?id|track\w*|caught)?/],
  ['interference', /\b(jam|jamming|jammer|knock down|take down|shoot (it |them )?down|ram (it )?into (another|a|the|their|his|her|my neighbou?r'?s?) \w*\s?drone|hijack\w*|disable (my |a |the )?(neighbou?r'?s?|someone'?s?|their|other) drone|take (over|control of) (my neighbou?r'?s?|someone( else)?'?s?|somebody( else)?'?s?|another|other people'?s?|their|his|her) (\w+ )?(drones?|quads?))\b/],
  // Into a home past what covers it: "a zoom camera that sees through sheer curtains".
  ['privacy', /\b(see|seeing|sees|look|looking|film\w*|record\w*|zoom\w*) (in(to)? |inside )?(through|past|behind) (\w+ ){0,2}(curtains?|blinds|drapes|shades|walls)\b/],
  ['privacy', /\b(spy|spying|peep\w*|stalk\w*)\b|\b(through|in(to)?) (her|his|their|the neighbou?r'?s?) (window|bedroom|bathroom)\b|\b(look\w*|peek\w*|peer\w*) (in|into|through) (people'?s |someone'?s |their |her |his |the )?(windows|bedrooms?|bathrooms?)\b/],
  // Harassing people or animals with the drone itself; scaring birds off crops or herding cattle is not named here.
  ['harassment', new RegExp(`\\b(chase|chasing|${BUZZ})\\b.{0,30}\\b${LIVING}\\b`)],
  // The living target named first: "the elk herd running, how close do I need to buzz them". A bird
  // chasing the drone is not harassment, so only buzzing or harassing is read this way.
  ['harassment', new RegExp(`\\b${LIVING}\\b.{0,60}\\b${BUZZ} (them|it|him|her|the)\\b`)],
  // Someone's private rooms, not a real-estate fly-through: "the bathroom window", "her bedroom".
  ['privacy', eitherOrder(PRIVATE_ROOM, CAMERA_WORD)],
  // Someone undressed or sunbathing: "the neighbour's daughter suntans by the pool, the quietest drone to film".
  ['privacy', eitherOrder('(sunbath\\w*|suntan\\w*|topless|nude|naked|undress\\w*|getting changed)', '(film\\w*|record\\w*|video|photos?|pictures?|zoom\\w*|camera|watch\\w*|quietest|quiet)', 80)],
  ['contraband', /\b(smuggl\w*|contraband|(into|over|inside) (a |the )?(prison|jail)|(prison|jail) (yard|fence|wall|cell)s?|(fence|wall|yard|gate)s? (at|of|around) (a |the )?(\w+ )?(prison|jail|penitentiary))\b/],
  // A delivery where people are held: "a package over a wall at night, it's a correctional facility".
  ['contraband', eitherOrder(DELIVERY, CUSTODY)],
  // Aimed at a person: a laser at the eyes, a paintball or airsoft gun at people.
  ['weapon', eitherOrder('lasers?( pointers?)?', "(eyes?|blind\\w*|pilots?|cockpit|face|him|her|them)")],
  ['weapon', eitherOrder('(paintball|airsoft|pellet|bb) ?(guns?|markers?|launchers?)?', "(kids|people|person|him|her|them|neighbou?r\\w*|cars?|crowd|tag\\w*)")],
  // Something let go of to land on someone: "let go of a brick over the overpass when cars pass under".
  ['dropping', /\b(tip|tipping|pour|pouring|dump|dumping|let go of|releas\w*|drop\w*)\b.{0,60}\b(on|onto|into|over)\b.{0,25}\b(crowd\w*|parade|audience|fans|spectators|stands|away section|players|lap|head|heads|overpass|highway|freeway|traffic)\b/],
  ['dropping', /\b(when|as|while) (the )?(cars|traffic|people|they|he|she) (pass|passes|drive|drives|walk|walks) (under|by|below)\b|\bso (it|they) (hits?|lands? on|falls? on|goes off (at|over|above)) (someone|somebody|people|him|her|them|a car|cars|the crowd|head)/],
  // Against aircraft or another pilot: "make planes abort landing", "so he crashes out", "mess with the tankers".
  ['interference', /\bmake (the )?(planes?|jets?|aircraft|airliners?|pilots?|helicopters?|tankers?) (abort|go around|crash|turn back|divert)|\b(override|overpower|swamp|drown out|knock out|step on)\w* .{0,40}\b(feeds?|signals?|video|vtx|links?|ocusync|control)\b|\bso (he|she|they|his drone|her drone|their drone|the other (drone|pilot|quad)) (crash(es)?|goes down|falls)|\bmess with (the )?(tankers?|helicopters?|planes?|police|cops|firefighters?|pilots?)\b/],
  ['interference', /\b(slash\w*|attack\w*|ram|ramming|smash\w*|hack\w*) (at |into )?(my neighbou?r'?s?|someone( else)?'?s?|somebody'?s?|another|other people'?s?|his|her|their|the other) (\w+ )?(drones?|quads?|pilot|guy)\b/],
  // Removing the safety lockouts: "which firmware downgrade drops the tfr lockout", "kill airsense and the nfz warnings".
  ['evasion', /\b(kill|remove|drop|drops|strip|get rid of|disable)\w* (the )?(airsense|nfz|tfr lock\w*|no.?fly (zone )?(warnings?|locks?|lockouts?)|geo ?fenc\w*)/],
  ['evasion', /\b(under|below|beneath) (the )?(cbp|border patrol|police|cops'?|aeroscope|their)('?s)? radar\b/],
  // Reading someone's screen.
  ['privacy', eitherOrder('(passcodes?|passwords?|pin codes?|(phone|laptop|computer) screens?)', '(zoom\\w*|read\\w*|camera|film\\w*|record\\w*|see)')],
];

/**
 * Covert intent: flying so that someone does not notice ("so the tankers and FAA don't notice me",
 * "without her noticing"). Official watchers make it evasion; a person named, an intrusion on privacy.
 * "Without anyone seeing" alone is left to the meaning check (harm-intent.ts).
 */
/** Not to be traced back, by anyone: evasion whoever would look. */
const UNTRACEABLE = /be (traced|tracked|identified|linked)/;
const COVERT = new RegExp(
  [
    "without (\\w+ ){0,3}(noticing|knowing|seeing|spotting|detecting|flagging)",
    // "with the lights off so nobody sees it"
    "so (that )?(nobody|no one|no-one) (\\w+ )?(sees|notices|knows|hears|spots)",
    // "how low to stay to not get noticed by the tankers"
    "(to|so i|so it|so we) (do not |don'?t |dont |won'?t |wont |not |never )(get |be )?(noticed|seen|spotted|detected|caught|tracked)",
    // "keep my drone from showing up on the police detectors"
    "(keep|stop) (\\w+ ){1,3}from (noticing|knowing|seeing|spotting|detecting|showing up|appearing|being (seen|detected|picked up))",
    "so (that )?(\\w+ ){0,4}(isn'?t|isnt|aren'?t|arent) (\\w+ )?(flagging|noticing|detecting|tracking|seeing)",
    "so (that )?(\\w+ ){0,4}(can'?t|cannot|don'?t|dont|won'?t|wont|doesn'?t) (\\w+ )?(notice|flag|see|hear|know|detect|spot|track|find|figure out|trace|locate|pick (me|it) up|get (my|the|its) (info|name|details|id))",
    // "make sure nobody finds out it was me"
    "(nobody|no one|no-one) (ever )?(finds out|knows|figures out) (that )?it was (me|my)",
    // "so it can't be traced back to me": whoever would trace it
    `(can'?t|cannot|won'?t|wont) ${UNTRACEABLE.source}`,
    // "to get footage before they notice"
    "before (they|anyone|anybody|someone|somebody|the \\w+) (\\w+ )?(notice|notices|see|sees|spot|spots|catch|catches|find out|shows? up|gets? there)",
    // "if i stay under 50ft nothing will flag me"
    "(nothing|nobody|no one|no radar) (will|would|can|could) (flag|notice|detect|see|spot|pick up|track) (me|it|us)",
    // "if I turn off the lights will anyone notice"
    "(will|would) (anyone|anybody|the \\w+) (notice|see|know|find out)",
  ]
    .map((p) => `\\b${p}\\b`)
    .join('|'),
);
const WATCHERS = /\b(police|cops|faa|laanc|tfr|tankers?|helicopters?|firefighters?|aircraft|authorit\w*|detect\w*|aeroscope|remote ?id|guards?|security|rangers?|border( patrol)?|customs|coast guard|restricted|military|air ?force( base)?|army|navy)\b/;
const SOMEONE = /\b(she|he|her|him|they|them|neighbou?rs?|ex|wife|husband|girlfriend|boyfriend)\b/;

/**
 * The act is someone else's, not asked for: "he's threatening to shoot it down", "what if someone jams
 * my drone". A pilot asking whether another may do it is asking about the rules.
 */
const ANOTHERS_ACT = new RegExp(
  [
    // A quote may open the act: "threatened to 'take down' my drone".
    "\\b(he|she|they|someone|somebody|people|neighbou?r\\w*|guy|man|woman|owner|cops?|police)('s| is| are|s)? (\\w+ ){0,4}(threaten\\w*|want\\w*|tried|tries|trying|going|gonna|will|would|could|might|said|says|allowed)( to)? ?['\"‘“]?$",
    // Done to the pilot already: "somebody fired a shotgun at my drone", "a guy used a jammer on me".
    "\\b(he|she|they|someone|somebody|people|neighbou?r\\w*|guy|man|woman|owner|hunter|farmer|kids?|cops?|police) (\\w+ ){0,3}(fired|shot|threw|aimed|pointed|used|pulled)( \\w+){0,2} ?$",
    // Asking what a maker or the FAA did: "did dji remove geofencing".
    "\\b(did|has|have|does|will) (dji|autel|skydio|parrot|the faa|faa|the manufacturer|the (new |latest )?(firmware|update)) (\\w+ )?$",
    // "is it legal for my neighbor to shoot down my drone"
    "\\b(legal|allowed|ok|okay|lawful) for (\\w+ ){1,3}to ?$",
    // "a drone is spying on me", "my neighbour's drone keeps buzzing my horses": another's drone does it.
    "\\b(a|the|this|that|some|his|her|their|someone'?s?|somebody'?s?|neighbou?r'?s?) (\\w+ )?(drones?|quads?|uavs?) (is|are|was|were|keeps?|kept|has been|have been|might be|may be)( \\w+)? ?$",
  ].join('|'),
);

/**
 * "Can I shoot it down?" about a drone over one's yard asks whether the law allows it; the knowledge base
 * answers that (never shoot, net or jam a drone: a federal crime), so it is not refused. "How do I jam
 * it" is.
 */
const ASKS_IF_ALLOWED = /\b((can|could|may) (i|we)|(am i|are we|is anyone|are people) allowed to|is it (legal|ok|okay|allowed) (for me )?to|legally) $/;

export function harmfulRequest(question: string): HarmKind | null {
  const q = question.toLowerCase();
  for (const [kind, pattern] of HARM_PATTERNS) {
    const match = pattern.exec(q);
    if (!match) continue;
    const before = q.slice(Math.max(0, match.index - 40), match.index);
    if (ANOTHERS_ACT.test(before) || (kind === 'interference' && ASKS_IF_ALLOWED.test(before))) continue;
    return kind;
  }
  const covert = COVERT.exec(q);
  if (covert) {
    if (WATCHERS.test(q) || UNTRACEABLE.test(covert[0])) return 'evasion';
    if (SOMEONE.test(covert[0])) return 'privacy';
  }
  return null;
}

/** The start of every refusal; the evaluation counts refusals by it. */
export const HARM_REFUSAL_START = 'I can’t help with that.';

const LAWFUL: Record<HarmKind, string> = {
  weapon: 'Arming a drone is a federal crime (49 U.S.C. 39B) and endangers people. If you need a payload for lawful work, such as a spotlight, a speaker or an agricultural sprayer, ask me about carrying objects under Part 107 and the waivers that allow it.',
  dropping: 'Dropping anything that creates an undue hazard to people or property is prohibited (14 CFR 107.23). Ask me about lawful payload drops, such as delivery over an empty area, and the rules for flying over people.',
  evasion: 'Remote ID, geofences, TFRs and police instructions exist to keep the airspace safe, and evading them can cost your certificate and bring criminal charges. Ask me instead how to get an airspace authorization (LAANC), request a DJI unlock, fly at a FRIA without Remote ID, or check TFRs before a flight.',
  interference: 'Interfering with another aircraft, whether a drone, a helicopter or a plane, by flying at it, jamming it or downing it is illegal for private persons (it is treated as interfering with an aircraft and with radio signals). If an aircraft or a drone is bothering you, note where and when it flies and report it to local police or the FAA.',
  privacy: 'Filming into homes or following people can break state privacy and harassment laws. Ask me how to plan a shoot that respects privacy, or the rules for flying over private property.',
  harassment: 'Chasing or buzzing people or animals with a drone is reckless flying (14 CFR 107.23, and the safety guidelines recreational flyers must follow), and harassing wildlife breaks federal and state wildlife laws. Keep a respectful distance; ask me how to film people or wildlife without disturbing them.',
  contraband: 'Carrying contraband with a drone is a crime. Ask me instead about lawful payload and delivery rules under Part 107.',
};

export function harmRefusal(kind: HarmKind): string {
  return `${HARM_REFUSAL_START} ${LAWFUL[kind]}`;
}

/** "How high", "how fast", "how old": the answer should lead with the sentence stating the number. */
export function asksForANumber(question: string): boolean {
  return /\b(how (high|fast|old|far|long|much|many|often|heavy|low|close|soon|bright|windy|cold|hot)|max(imum)?|minimum|min|limit|age|cost|fee|price|speed|altitude|height|what (%|percent)|how many)\b/i.test(question);
}
