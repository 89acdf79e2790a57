package rating

import (
	"fmt"
	"math"
)

// The defaults of a new player and of the system, from the paper.
const (
	DefaultRating     = 1500.0
	DefaultDeviation  = 350.0
	DefaultVolatility = 0.06
	// DefaultTau constrains how fast volatility changes; Glickman
	// suggests 0.3 to 1.2.
	DefaultTau = 0.5
	// ProvisionalDeviation is the deviation at or above which a rating
	// is provisional: too uncertain to rank with the others.
	ProvisionalDeviation = 110.0

	scale   = 173.7178 // Glicko-2's scale factor, 400/ln(10)
	epsilon = 0.000001 // the convergence tolerance of the volatility iteration
)

// Rating is a Glicko rating: the strength estimate, its deviation (the
// uncertainty, about one standard deviation) and its volatility (how
// erratic the player's results are).
type Rating struct {
	Rating     float64
	Deviation  float64
	Volatility float64
}

// New is a new player's rating: 1500, deviation 350, volatility 0.06.
func New() Rating {
	return Rating{DefaultRating, DefaultDeviation, DefaultVolatility}
}

// Provisional reports whether the rating is still too uncertain to rank:
// its deviation is ProvisionalDeviation or more.
func (r Rating) Provisional() bool { return r.Deviation >= ProvisionalDeviation }

// String gives the rating as "1500±350", with a "?" after a provisional
// one.
func (r Rating) String() string {
	s := fmt.Sprintf("%.0f±%.0f", r.Rating, r.Deviation)
	if r.Provisional() {
		s += "?"
	}
	return s
}

// Score is a game's result for one side: 1 for a win, 0.5 for a draw, 0
// for a loss.
type Score float64

// The scores.
const (
	Loss Score = 0
	Draw Score = 0.5
	Win  Score = 1
)

// Result is one game of a rating period: the opponent's rating before the
// period, and the score against them.
type Result struct {
	Opponent Rating
	Score    Score
}

// System is the Glicko-2 system's one parameter.
type System struct {
	// Tau constrains how fast volatility changes; zero means DefaultTau.
	Tau float64
}

func (s System) tau() float64 {
	if s.Tau <= 0 {
		return DefaultTau
	}
	return s.Tau
}

// internal converts to Glicko-2's scale.
func (r Rating) internal() (mu, phi float64) {
	return (r.Rating - DefaultRating) / scale, r.Deviation / scale
}

func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func expect(mu, muj, gj float64) float64 { return 1 / (1 + math.Exp(-gj*(mu-muj))) }

// Update returns r after a rating period with the given results (step 2 to
// 8 of the paper). With no results, only the deviation grows.
func (s System) Update(r Rating, results []Result) Rating {
	mu, phi := r.internal()
	sigma := r.Volatility
	if len(results) == 0 {
		return Rating{r.Rating, math.Min(math.Sqrt(phi*phi+sigma*sigma)*scale, DefaultDeviation), sigma}
	}
	var vinv, sum float64
	for _, res := range results {
		muj, phij := res.Opponent.internal()
		gj := g(phij)
		e := expect(mu, muj, gj)
		vinv += gj * gj * e * (1 - e)
		sum += gj * (float64(res.Score) - e)
	}
	v := 1 / vinv
	delta := v * sum
	sigma = s.volatility(phi, sigma, v, delta)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	return Rating{muNew*scale + DefaultRating, math.Min(phiNew*scale, DefaultDeviation), sigma}
}

// volatility is step 5: the new volatility, by the Illinois algorithm.
func (s System) volatility(phi, sigma, v, delta float64) float64 {
	tau := s.tau()
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-d)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > epsilon && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// Expected is the score a player rated a is expected to make against one
// rated b, between 0 and 1, counting both deviations (Glicko's E with the
// combined deviation).
func Expected(a, b Rating) float64 {
	mu, phi := a.internal()
	muj, phij := b.internal()
	return expect(mu, muj, g(math.Sqrt(phi*phi+phij*phij)))
}

// Team is the composite rating of a team that plays as one: the mean of
// its players' ratings, the root mean square of their deviations, and the
// mean of their volatilities. A team of none is New().
func Team(players ...Rating) Rating {
	if len(players) == 0 {
		return New()
	}
	var t Rating
	for _, p := range players {
		t.Rating += p.Rating
		t.Deviation += p.Deviation * p.Deviation
		t.Volatility += p.Volatility
	}
	n := float64(len(players))
	return Rating{t.Rating / n, math.Sqrt(t.Deviation / n), t.Volatility / n}
}

// Game rates one game between two sides, each of one player or a team:
// every player on a side is updated as having played the other side's
// composite rating (Team) once, with the side's score. It returns the new
// ratings in the same shape as the sides. score is side a's.
func (s System) Game(a, b []Rating, score Score) (na, nb []Rating) {
	ta, tb := Team(a...), Team(b...)
	na = make([]Rating, len(a))
	for i, r := range a {
		na[i] = s.Update(r, []Result{{tb, score}})
	}
	nb = make([]Rating, len(b))
	for i, r := range b {
		nb[i] = s.Update(r, []Result{{ta, 1 - score}})
	}
	return na, nb
}
