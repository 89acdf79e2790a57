// Package game holds the rules of TwixT and Double TwixT, and nothing else.
//
// It knows the board geometry (any size from 5x5 to 100x100, without the
// four corner holes), pegs and links, the standard ruleset with the cleanup
// rule, the TwixT PP ruleset and the 3M rules with the removal of pegs,
// pbmserv's move syntax with link and unlink lists (and a "--" list of pegs
// to remove), the pie rule in its two styles, the cut-the-pie opening and
// the Kosmos centre handicap, handicaps, the four seats of Double
// TwixT with the Privilege rule, results (connection, resignation, agreed
// draw, dead draw, full board), and the record formats a game is read from
// and written to.
//
// The package does no I/O, reads no clock and knows nothing of Discord,
// pictures or databases: render and storage import game, never the reverse.
//
// The two levels of the API are [Board], a fast position with pegs, links,
// crossing tables and incremental connectivity (used for playouts), and
// [Game], which adds turns, seats, the move log and the result. A move is
// checked before anything changes, and a move that fails leaves the game
// exactly as it was. Errors are the variables listed in errors.go, wrapped
// in typed errors that carry the details; branch on them with errors.Is and
// errors.As.
//
// # The rules of the seeds, and the tests that show them
//
// Each rule that the five seeds state (000 pbmserv's help, 001 David Bush's
// 1993 post, 002 the 3M rules, 003 the CoG summary with TwixT PP, 004 the
// Kosmos rules) is listed here with the test that shows it. Where a seed is
// ambiguous, the choice made is said, and why.
//
// The board and the pegs:
//   - A 24x24 board without its corner holes; top and bottom rows are Red's
//     (Kosmos: White's) border rows, left and right Black's (000, 001, 004):
//     TestLegalHoles, TestIllegalMoves (corner, corner far).
//   - Red moves first; players alternate, one peg a turn (000, 001, 002,
//     004): TestSeedSampleGame, TestWin.
//   - A peg goes in any empty hole except the opponent's border rows
//     (000, 001, 002, 004): TestIllegalMoves (red in black's border, black
//     in red's border, occupied), TestLegalHoles.
//   - Handicap by changing the board: pbmserv's columns or rows (000),
//     "change the dimensions" and non-square boards (001, 003), the 100x100
//     "monster game" (001): TestHandicaps.
//
// Links:
//   - Two own pegs a knight's move apart ("a 6-holed rectangle") may be
//     linked (000, 001, 002, 003, 004): TestIllegalMoves (link not a
//     knight's move, link end not own peg), TestCrossingRules (links that
//     share a peg never cross: eight links at once).
//   - A link may not cross any link, own ones included (000 "your own links
//     will block you as well", 001, 002, 004): TestCrossingRules (standard
//     refuses an explicit crossing link).
//   - No barrier where a player could have linked but did not; unlinked
//     pegs are no barrier (002): TestNoBarrierWithoutLink.
//   - By default every legal link to the new peg is made, "without removing
//     other links" (000); '+' makes exactly the listed links, a bare '+'
//     none; a skipped link may be made later, and one just unblocked in the
//     same move (000, 001): TestCleanupRule, TestSeedLinkUnlinkVariants.
//   - Own links may be removed before linking, the cleanup rule (000, 001,
//     003, 004): TestCleanupRule, TestSeedLinkUnlinkExample (pbmserv's
//     worked example), TestSeedExampleB. Choice: seed 001 orders a move as
//     place, unlink, link; 000's syntax and 002/004 put removals before the
//     placement; 003 after it. A new peg makes no link before the link
//     step, so every order gives the same position: the engine removes,
//     places, then links.
//   - A bad move changes nothing and it is still the player's move, with a
//     message saying why (000): TestIllegalMoves (every case checks that
//     nothing changed); "#N" move numbers (000): TestIllegalMoves (stale
//     move number).
//
// TwixT PP (003): own links may cross (TestCrossingRules, pp), the
// opponent's block (TestCrossingRules, the opponent's links block in PP),
// nothing is ever removed (TestIllegalMoves, remove in PP), and a '+' list
// may name any legal link among own pegs (TestPPLinkLists).
//
// The 3M rules (002), ruleset ThreeM: "before placing a peg, a player may
// remove any pegs and/or links he has previously placed"; 000 says the same
// of pbmserv's rules, whose server supports only link removal:
// TestParseMoveRemovals (the "--" syntax), TestIllegalMoves (the 3M cases: only own pegs,
// only under 3M), TestThreeMReusesFreedHole. Choice: the standard ruleset
// follows pbmserv's server and Kosmos (links only); 3M is its own ruleset.
// Under 3M nothing is permanent, so no position is a dead draw and a
// player with no free hole can still take up a peg: TestThreeMRevivesDeadDraw,
// TestThreeMNoHoleLeft.
//
// Winning and drawing:
//   - A chain of linked pegs joining one's two border rows wins; it need
//     not use every peg (000, 001, 002, 003, 004): TestWin,
//     TestSeedSampleGame.
//   - If neither side can complete such a chain, the game is a draw (000,
//     001, 002, 003, 004): TestSeedExampleA, TestThreeMRevivesDeadDraw (a
//     dead draw under standard). Choice: the draw is declared at once, by a
//     sound test (no side has any open path), unless NoAutoDraw; a full
//     board is a draw too, and when one move does both, the reason is
//     no-path, the stronger fact: TestReasonPrecedence.
//   - Resignation (000's sample game), agreed draws, time and moderators'
//     decisions: TestResultsFromOutside.
//
// Openings and handicaps:
//   - The pie rule: after Red's first peg Black may swap, only as Black's
//     first move and only in an even game (000); the players exchange
//     colours (000, 004: "the opponent decides which colour he plays"):
//     TestSwap (sides), TestIllegalMoves (swap too late, as the first move,
//     with a handicap, with extra moves). Little Golem's mirror swap:
//     TestSwap (mirror, and on a board that is not square).
//   - Cut the pie (001): two red pegs and a black one, then the other player
//     chooses a colour, with Black to move: TestPie3, TestIllegalMoves (the opening cases).
//     Choice: the three pegs are placed red, red, black, so that the red
//     pegs link as usual (or not, with '+'); the choice is a turn.
//   - The Kosmos handicap (004): no pie rule, the weaker player plays White
//     (Red) with the first peg in the middle, optionally two or three moves
//     ahead: TestKosmosCentre, TestIllegalMoves (centre). Choice: the
//     middle of an even board is any of its central holes.
//   - Playing without the pie rule is itself a handicap (000):
//     TestIllegalMoves (swap without the pie rule).
//
// Double TwixT (001, 002): teams of two, partners opposite, playing in turn
// around the board; once per game a team may call Privilege right after
// one of its own moves, the next opponent loses the turn and the partner
// moves; the opponents may still claim theirs: TestDoubleTwixT,
// TestPrivilegeTooLate. Choice: 001 is unsure of the direction of play;
// the order is Red 1, Black 1, Red 2, Black 2, so that colours alternate.
package game
