// Package rating implements the Glicko-2 rating system (Mark E. Glickman,
// "Example of the Glicko-2 system", 2012), as twixtbot uses it: each rated
// game is its own rating period, so a player's rating moves after every
// game, and a team of two plays as one composite opponent.
//
// The package is pure arithmetic: no storage, no clocks. Ratings are on
// the familiar Glicko scale (a new player is 1500 with deviation 350);
// the computation runs on Glicko-2's internal scale and converts back.
//
// Why not a library: the Go implementations found (github.com/Kashomon/
// goglicko, unmaintained since 2014; github.com/treepeck/glicko, which
// changes the algorithm with period fractions and bounds) are either
// abandoned or not Glickman's algorithm. This one is short and checked
// against the paper's worked example.
package rating
