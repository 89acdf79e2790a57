package rating

import (
	"fmt"
	"math"
	"testing"
)

// TestPaperExample is Glickman's worked example: a 1500/200/0.06 player
// beats a 1400/30 and loses to a 1550/100 and a 1700/300, with tau 0.5.
// The paper prints its intermediate values rounded (mu' = -0.2069, phi' =
// 0.8722, sigma' = 0.05999) and converts the rounded values, giving r' =
// 1464.06 and RD' = 151.52; the exact values are within one unit of the
// last printed digit of each, which is what "to the published precision"
// can mean. The internal-scale values match the paper's digits exactly.
func TestPaperExample(t *testing.T) {
	p := Rating{1500, 200, 0.06}
	results := []Result{
		{Rating{1400, 30, 0.06}, Win},
		{Rating{1550, 100, 0.06}, Loss},
		{Rating{1700, 300, 0.06}, Loss},
	}
	got := System{Tau: 0.5}.Update(p, results)
	mu, phi := got.internal()
	round := func(x float64, places int) float64 {
		return math.Round(x*math.Pow10(places)) / math.Pow10(places)
	}
	for _, c := range []struct {
		name           string
		got, want, tol float64
	}{
		{"mu'", round(mu, 4), -0.2069, 0},
		{"phi'", round(phi, 4), 0.8722, 0},
		{"r'", got.Rating, 1464.06, 0.01},
		{"RD'", got.Deviation, 151.52, 0.01},
		{"sigma'", got.Volatility, 0.05999, 0.00001},
	} {
		if math.Abs(c.got-c.want) > c.tol {
			t.Errorf("%s = %v, the paper gives %v", c.name, c.got, c.want)
		}
	}
}

func TestNoGamesWidensDeviation(t *testing.T) {
	r := System{}.Update(Rating{1600, 50, 0.06}, nil)
	if r.Rating != 1600 || r.Deviation <= 50 || r.Deviation > 60 {
		t.Errorf("after an empty period: %+v", r)
	}
	if r := (System{}).Update(New(), nil); r.Deviation != DefaultDeviation {
		t.Errorf("the deviation grows past %v: %v", DefaultDeviation, r.Deviation)
	}
}

func TestGame(t *testing.T) {
	tests := []struct {
		name  string
		a, b  []Rating
		score Score
	}{
		{"two new players, a wins", []Rating{New()}, []Rating{New()}, Win},
		{"teams, b wins", []Rating{New(), {1700, 80, 0.06}}, []Rating{{1400, 200, 0.06}, New()}, Loss},
		{"draw between unequal players", []Rating{{1800, 60, 0.06}}, []Rating{{1500, 60, 0.06}}, Draw},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			na, nb := System{}.Game(tc.a, tc.b, tc.score)
			if len(na) != len(tc.a) || len(nb) != len(tc.b) {
				t.Fatalf("shapes %d,%d for %d,%d", len(na), len(nb), len(tc.a), len(tc.b))
			}
			ea := Expected(Team(tc.a...), Team(tc.b...))
			for i := range na {
				d := na[i].Rating - tc.a[i].Rating
				if (float64(tc.score) > ea) != (d > 0) {
					t.Errorf("a[%d] scored %v expecting %.2f and moved %+.1f", i, tc.score, ea, d)
				}
				if tc.a[i].Deviation >= 100 && na[i].Deviation >= tc.a[i].Deviation {
					t.Errorf("a[%d]'s deviation did not shrink: %v -> %v", i, tc.a[i].Deviation, na[i].Deviation)
				}
			}
			for i := range nb {
				d := nb[i].Rating - tc.b[i].Rating
				if (1-float64(tc.score) > 1-ea) != (d > 0) {
					t.Errorf("b[%d] moved %+.1f", i, d)
				}
			}
		})
	}
}

func TestExpected(t *testing.T) {
	if e := Expected(New(), New()); e != 0.5 {
		t.Errorf("equal players: %v", e)
	}
	strong, weak := Rating{1900, 50, 0.06}, Rating{1500, 50, 0.06}
	if e := Expected(strong, weak); e < 0.85 || e > 0.95 {
		t.Errorf("400 points stronger: %v, want about 0.9", e)
	}
	if e := Expected(strong, weak) + Expected(weak, strong); math.Abs(e-1) > 1e-12 {
		t.Errorf("the two expectations add to %v", e)
	}
}

func TestProvisional(t *testing.T) {
	for _, c := range []struct {
		dev  float64
		want bool
	}{{350, true}, {110, true}, {109.9, false}, {40, false}} {
		if got := (Rating{1500, c.dev, 0.06}).Provisional(); got != c.want {
			t.Errorf("deviation %v: provisional %v", c.dev, got)
		}
	}
	if s := New().String(); s != "1500±350?" {
		t.Errorf("String() = %q", s)
	}
}

func BenchmarkGame(b *testing.B) {
	a, c := []Rating{New()}, []Rating{{1600, 120, 0.06}}
	for b.Loop() {
		System{}.Game(a, c, Win)
	}
}

func ExampleSystem_Game() {
	alice, bob := New(), New()
	na, nb := System{}.Game([]Rating{alice}, []Rating{bob}, Win)
	fmt.Println(na[0], nb[0])
	// Output: 1662±290? 1338±290?
}
