#include "reference_ladder.hpp"

#include <algorithm>
#include <bit>
#include <climits>
#include <deque>
#include <functional>
#include <set>

#include "sudoforge/grader/rating.hpp"

namespace sudoforge::test {

namespace {

using engine::Candidates;
using engine::Cell;
using engine::Digit;
using grader::HumanTechnique;
using H = HumanTechnique;

int rating_of(H technique, int length = 0) { return grader::base_rating(technique) + grader::length_bonus(length); }

class Reference {
 public:
  Reference(const engine::Units& units, const LadderPosition& p) : u_(units), p_(p), g_(units.geometry()) {
    n_ = g_.size();
    cells_ = g_.cell_count();
  }

  bool has(Cell c, Digit d) const { return (p_.candidates[static_cast<std::size_t>(c)] & engine::digit_bit(d)) != 0; }
  int count(Cell c) const { return std::popcount(p_.candidates[static_cast<std::size_t>(c)]); }
  bool open(Cell c) const { return p_.values[static_cast<std::size_t>(c)] == 0; }
  bool sees(Cell a, Cell b) const {
    if (a == b) return false;
    for (const int unit : u_.units_of(a)) {
      for (const Cell x : u_.cells(unit)) {
        if (x == b) return true;
      }
    }
    return false;
  }
  std::vector<Cell> places(int unit, Digit d) const {
    std::vector<Cell> result;
    for (const Cell c : u_.cells(unit)) {
      if (has(c, d)) result.push_back(c);
    }
    return result;
  }
  bool placed_in(int unit, Digit d) const {
    for (const Cell c : u_.cells(unit)) {
      if (p_.values[static_cast<std::size_t>(c)] == d) return true;
    }
    return false;
  }
  std::vector<Cell> open_cells(int unit) const {
    std::vector<Cell> result;
    for (const Cell c : u_.cells(unit)) {
      if (open(c)) result.push_back(c);
    }
    return result;
  }
  bool in_unit(int unit, Cell c) const {
    const auto cells = u_.cells(unit);
    return std::find(cells.begin(), cells.end(), c) != cells.end();
  }
  std::string name(Cell c) const { return engine::cell_name(g_, c); }

  void remove(Effects& e, Cell c, Digit d, int rating) { note(e, name(c) + "-" + std::to_string(d), rating); }
  void place(Effects& e, Cell c, Digit d, int rating) { note(e, name(c) + "=" + std::to_string(d), rating); }
  static void note(Effects& e, const std::string& key, int rating) {
    const auto at = e.find(key);
    if (at == e.end() || at->second > rating) e[key] = rating;
  }

  // Every k-subset of `items`.
  template <typename T>
  static void subsets(const std::vector<T>& items, int k, const std::function<void(const std::vector<T>&)>& f) {
    std::vector<T> chosen;
    std::function<void(std::size_t)> walk = [&](std::size_t from) {
      if (static_cast<int>(chosen.size()) == k) {
        f(chosen);
        return;
      }
      for (std::size_t i = from; i < items.size(); ++i) {
        chosen.push_back(items[i]);
        walk(i + 1);
        chosen.pop_back();
      }
    };
    walk(0);
  }

  Effects singles(Rung rung) {
    Effects e;
    for (Cell c = 0; c < cells_; ++c) {
      if (!open(c) || count(c) != 1) continue;
      const Digit d = engine::first_digit(p_.candidates[static_cast<std::size_t>(c)]);
      if (rung == Rung::NakedSingle) place(e, c, d, rating_of(H::NakedSingle));
      if (rung == Rung::FullHouse) {
        for (const int unit : u_.units_of(c)) {
          if (open_cells(unit).size() == 1) place(e, c, d, rating_of(H::FullHouse));
        }
      }
    }
    if (rung == Rung::HiddenSingleBox || rung == Rung::HiddenSingleLine) {
      const bool boxes = rung == Rung::HiddenSingleBox;
      for (int unit = 0; unit < u_.count(); ++unit) {
        if ((u_.kind(unit) == engine::UnitKind::Box) != boxes) continue;
        for (Digit d = 1; d <= n_; ++d) {
          const auto at = places(unit, d);
          if (at.size() == 1) place(e, at.front(), d, rating_of(boxes ? H::HiddenSingleBox : H::HiddenSingleLine));
        }
      }
    }
    return e;
  }

  std::vector<Cell> common(int a, int b) const {
    std::vector<Cell> result;
    for (const Cell c : u_.cells(a)) {
      if (in_unit(b, c)) result.push_back(c);
    }
    return result;
  }

  Effects locked(bool direct) {
    Effects e;
    for (int a = 0; a < u_.count(); ++a) {
      for (int b = 0; b < u_.count(); ++b) {
        if (a == b || common(a, b).size() < 2) continue;
        const bool pointing = u_.kind(a) == engine::UnitKind::Box;
        for (Digit d = 1; d <= n_; ++d) {
          const auto inside = places(a, d);
          if (inside.size() < 2) continue;
          bool locked = true;
          for (const Cell c : inside) locked = locked && in_unit(b, c);
          if (!locked) continue;
          std::vector<Cell> gone;
          for (const Cell c : places(b, d)) {
            if (!in_unit(a, c)) gone.push_back(c);
          }
          if (gone.empty()) continue;
          if (!direct) {
            for (const Cell c : gone) remove(e, c, d, rating_of(pointing ? H::Pointing : H::Claiming));
            continue;
          }
          const int rating = rating_of(pointing ? H::DirectPointing : H::DirectClaiming);
          for (int other = 0; other < u_.count(); ++other) {
            if (other == a || u_.kind(other) != u_.kind(a) || common(other, b).size() < 2) continue;
            const auto before = places(other, d);
            std::vector<Cell> after;
            for (const Cell c : before) {
              if (std::find(gone.begin(), gone.end(), c) == gone.end()) after.push_back(c);
            }
            if (before.size() < 2 || after.size() != 1) continue;
            for (const Cell c : gone) remove(e, c, d, rating);
            place(e, after.front(), d, rating);
          }
        }
      }
    }
    return e;
  }

  Effects naked(int k) {
    const H technique = k == 2 ? H::NakedPair : k == 3 ? H::NakedTriple : H::NakedQuad;
    Effects e;
    for (int unit = 0; unit < u_.count(); ++unit) {
      const auto cells = open_cells(unit);
      if (static_cast<int>(cells.size()) < 2 * k) continue;
      std::vector<Cell> small;
      for (const Cell c : cells) {
        if (count(c) >= 2 && count(c) <= k) small.push_back(c);
      }
      subsets<Cell>(small, k, [&](const std::vector<Cell>& set) {
        Candidates digits = 0;
        for (const Cell c : set) digits |= p_.candidates[static_cast<std::size_t>(c)];
        if (std::popcount(digits) != k) return;
        for (const Cell c : cells) {
          if (std::find(set.begin(), set.end(), c) != set.end()) continue;
          for (Digit d = 1; d <= n_; ++d) {
            if ((digits & engine::digit_bit(d)) != 0 && has(c, d)) remove(e, c, d, rating_of(technique));
          }
        }
      });
    }
    return e;
  }

  Effects hidden(int k, bool direct) {
    const H technique = direct ? (k == 2 ? H::DirectHiddenPair : H::DirectHiddenTriple)
                               : (k == 2 ? H::HiddenPair : k == 3 ? H::HiddenTriple : H::HiddenQuad);
    Effects e;
    for (int unit = 0; unit < u_.count(); ++unit) {
      const int empty = static_cast<int>(open_cells(unit).size());
      if (direct ? empty <= k : empty <= 2 * k) continue;
      std::vector<Digit> digits;
      for (Digit d = 1; d <= n_; ++d) {
        const auto at = places(unit, d);
        if (at.size() >= 2 && static_cast<int>(at.size()) <= k) digits.push_back(d);
      }
      subsets<Digit>(digits, k, [&](const std::vector<Digit>& set) {
        std::set<Cell> cells;
        for (const Digit d : set) {
          for (const Cell c : places(unit, d)) cells.insert(c);
        }
        if (static_cast<int>(cells.size()) != k) return;
        Effects found;
        bool single = false;
        for (Digit d = 1; d <= n_; ++d) {
          if (std::find(set.begin(), set.end(), d) != set.end()) continue;
          std::vector<Cell> gone;
          for (const Cell c : cells) {
            if (has(c, d)) gone.push_back(c);
          }
          for (const Cell c : gone) remove(found, c, d, rating_of(technique));
          if (!direct || gone.empty() || placed_in(unit, d)) continue;
          const auto before = places(unit, d);
          std::vector<Cell> after;
          for (const Cell c : before) {
            if (std::find(gone.begin(), gone.end(), c) == gone.end()) after.push_back(c);
          }
          if (before.size() >= 2 && after.size() == 1) {
            place(found, after.front(), d, rating_of(technique));
            single = true;
          }
        }
        if (direct && !single) return;
        for (const auto& [key, rating] : found) note(e, key, rating);
      });
    }
    return e;
  }

  // Fish of size k on digit d, rows (or columns) as base; with `finned`, finned and
  // sashimi fish only.
  Effects fish(int k, bool finned) {
    const H technique = finned ? (k == 2 ? H::FinnedXWing : k == 3 ? H::FinnedSwordfish : H::FinnedJellyfish)
                               : (k == 2 ? H::XWing : k == 3 ? H::Swordfish : H::Jellyfish);
    Effects e;
    for (Digit d = 1; d <= n_; ++d) {
      for (const bool rows : {true, false}) {
        // line i, position j: the cell at row i column j for rows, else row j column i.
        const auto at = [&](int line, int position) { return rows ? g_.cell(line, position) : g_.cell(position, line); };
        const int width = rows ? g_.box_cols() : g_.box_rows();   // positions per block
        const int height = rows ? g_.box_rows() : g_.box_cols();  // lines per block
        std::vector<int> lines;
        int open_lines = 0;
        for (int line = 0; line < n_; ++line) {
          int size = 0;
          for (int j = 0; j < n_; ++j) size += has(at(line, j), d) ? 1 : 0;
          open_lines += size > 0 ? 1 : 0;
          if (size >= 2 && size <= (finned ? k + width : k)) lines.push_back(line);
        }
        if (open_lines < 2 * k) continue;
        subsets<int>(lines, k, [&](const std::vector<int>& base) {
          std::vector<int> all;
          for (int j = 0; j < n_; ++j) {
            bool any = false;
            for (const int line : base) any = any || has(at(line, j), d);
            if (any) all.push_back(j);
          }
          const auto in_base = [&](int line) { return std::find(base.begin(), base.end(), line) != base.end(); };
          if (!finned) {
            if (static_cast<int>(all.size()) != k) return;
            for (const int j : all) {
              for (int line = 0; line < n_; ++line) {
                if (!in_base(line) && has(at(line, j), d)) remove(e, at(line, j), d, rating_of(technique));
              }
            }
            return;
          }
          if (static_cast<int>(all.size()) <= k) return;
          subsets<int>(all, k, [&](const std::vector<int>& cover) {
            std::vector<Cell> fins;
            for (const int line : base) {
              bool covered = false;
              for (int j = 0; j < n_; ++j) {
                if (!has(at(line, j), d)) continue;
                if (std::find(cover.begin(), cover.end(), j) != cover.end()) {
                  covered = true;
                } else {
                  fins.push_back(at(line, j));
                }
              }
              if (!covered) return;  // a base line of fins only
            }
            if (fins.empty()) return;
            const int box = g_.box(fins.front());
            for (const Cell f : fins) {
              if (g_.box(f) != box) return;
            }
            // The cover cells in the fins' box, outside the base.
            for (const int j : cover) {
              for (int line = 0; line < n_; ++line) {
                const Cell c = at(line, j);
                if (in_base(line) || g_.box(c) != box || !has(c, d)) continue;
                remove(e, c, d, rating_of(technique));
              }
            }
            (void)height;
          });
        });
      }
    }
    return e;
  }

  Effects xy_wings(bool xyz) {
    Effects e;
    const H technique = xyz ? H::XYZWing : H::XYWing;
    for (Cell pivot = 0; pivot < cells_; ++pivot) {
      if (!open(pivot) || count(pivot) != (xyz ? 3 : 2)) continue;
      const Candidates pm = p_.candidates[static_cast<std::size_t>(pivot)];
      for (Cell a = 0; a < cells_; ++a) {
        for (Cell b = a + 1; b < cells_; ++b) {
          if (!open(a) || !open(b) || count(a) != 2 || count(b) != 2 || !sees(a, pivot) || !sees(b, pivot)) continue;
          const Candidates am = p_.candidates[static_cast<std::size_t>(a)];
          const Candidates bm = p_.candidates[static_cast<std::size_t>(b)];
          const Candidates z = am & bm;
          if (std::popcount(z) != 1) continue;
          if (xyz ? (am | bm) != pm : ((pm & z) != 0 || (am | bm) != (pm | z))) continue;
          const Digit zd = engine::first_digit(z);
          for (Cell c = 0; c < cells_; ++c) {
            if (c == pivot || !has(c, zd) || !sees(c, a) || !sees(c, b)) continue;
            if (xyz && !sees(c, pivot)) continue;
            remove(e, c, zd, rating_of(technique));
          }
        }
      }
    }
    return e;
  }

  Effects w_wings() {
    Effects e;
    const int rating = rating_of(H::WWing, 6);
    for (Cell a = 0; a < cells_; ++a) {
      for (Cell b = a + 1; b < cells_; ++b) {
        if (!open(a) || !open(b) || count(a) != 2 || p_.candidates[static_cast<std::size_t>(a)] != p_.candidates[static_cast<std::size_t>(b)] ||
            sees(a, b)) {
          continue;
        }
        const Candidates m = p_.candidates[static_cast<std::size_t>(a)];
        for (Digit x = 1; x <= n_; ++x) {
          if ((m & engine::digit_bit(x)) == 0) continue;
          const Digit y = engine::first_digit(m & ~engine::digit_bit(x));
          for (int unit = 0; unit < u_.count(); ++unit) {
            const auto at = places(unit, x);
            if (at.size() != 2) continue;
            const Cell x1 = at[0];
            const Cell x2 = at[1];
            if (x1 == a || x1 == b || x2 == a || x2 == b) continue;
            if (!((sees(x1, a) && sees(x2, b)) || (sees(x1, b) && sees(x2, a)))) continue;
            for (Cell c = 0; c < cells_; ++c) {
              if (has(c, y) && sees(c, a) && sees(c, b)) remove(e, c, y, rating);
            }
          }
        }
      }
    }
    return e;
  }

  struct Link {
    Cell a;
    Cell b;
    int unit;
  };
  std::vector<Link> strong_links(Digit d) const {
    std::vector<Link> links;
    for (int unit = 0; unit < u_.count(); ++unit) {
      const auto at = places(unit, d);
      if (at.size() != 2) continue;
      bool seen = false;
      for (const Link& l : links) seen = seen || (l.a == at[0] && l.b == at[1]);
      if (!seen) links.push_back({at[0], at[1], unit});
    }
    return links;
  }

  Effects two_links(H wanted) {
    Effects e;
    for (Digit d = 1; d <= n_; ++d) {
      const auto links = strong_links(d);
      for (std::size_t i = 0; i < links.size(); ++i) {
        for (std::size_t j = i + 1; j < links.size(); ++j) {
          for (int flip = 0; flip < 4; ++flip) {
            const Link& one = links[i];
            const Link& two = links[j];
            const Cell a = (flip & 1) != 0 ? one.b : one.a;
            const Cell b = (flip & 1) != 0 ? one.a : one.b;
            const Cell c = (flip & 2) != 0 ? two.b : two.a;
            const Cell f = (flip & 2) != 0 ? two.a : two.b;
            if (a == c || a == f || b == c || b == f || !sees(b, c) || sees(a, f)) continue;
            const auto kind = [&](int unit) { return u_.kind(unit); };
            H technique = H::TurbotFish;
            const bool rows = kind(one.unit) == engine::UnitKind::Row && kind(two.unit) == engine::UnitKind::Row;
            const bool cols = kind(one.unit) == engine::UnitKind::Column && kind(two.unit) == engine::UnitKind::Column;
            const bool mixed = (kind(one.unit) == engine::UnitKind::Row && kind(two.unit) == engine::UnitKind::Column) ||
                               (kind(one.unit) == engine::UnitKind::Column && kind(two.unit) == engine::UnitKind::Row);
            if ((rows && g_.col(b) == g_.col(c)) || (cols && g_.row(b) == g_.row(c))) {
              technique = H::Skyscraper;
            } else if (mixed && g_.box(b) == g_.box(c)) {
              technique = H::TwoStringKite;
            }
            if (technique != wanted) continue;
            for (Cell x = 0; x < cells_; ++x) {
              if (x != b && x != c && has(x, d) && sees(x, a) && sees(x, f)) remove(e, x, d, rating_of(technique));
            }
          }
        }
      }
    }
    return e;
  }

  Effects colouring() {
    Effects e;
    for (Digit d = 1; d <= n_; ++d) {
      const auto links = strong_links(d);
      if (links.size() < 2) continue;
      std::vector<Cell> vertex;
      for (const Link& l : links) {
        for (const Cell c : {l.a, l.b}) {
          if (std::find(vertex.begin(), vertex.end(), c) == vertex.end()) vertex.push_back(c);
        }
      }
      const std::size_t v = vertex.size();
      // Distances along strong links (-1: another cluster).
      std::vector<std::vector<int>> dist(v, std::vector<int>(v, -1));
      for (std::size_t s = 0; s < v; ++s) {
        std::deque<std::size_t> queue = {s};
        dist[s][s] = 0;
        while (!queue.empty()) {
          const std::size_t x = queue.front();
          queue.pop_front();
          for (const Link& l : links) {
            for (const auto& [from, to] : {std::pair{l.a, l.b}, std::pair{l.b, l.a}}) {
              if (from != vertex[x]) continue;
              const auto y = static_cast<std::size_t>(std::find(vertex.begin(), vertex.end(), to) - vertex.begin());
              if (dist[s][y] >= 0) continue;
              dist[s][y] = dist[s][x] + 1;
              queue.push_back(y);
            }
          }
        }
      }
      const auto is_vertex = [&](Cell c) { return std::find(vertex.begin(), vertex.end(), c) != vertex.end(); };
      for (Cell x = 0; x < cells_; ++x) {  // traps
        if (!has(x, d) || is_vertex(x)) continue;
        int best = -1;
        for (std::size_t a = 0; a < v; ++a) {
          for (std::size_t b = 0; b < v; ++b) {
            if (!sees(x, vertex[a]) || !sees(x, vertex[b]) || dist[b][a] < 0 || dist[b][a] % 2 != 1) continue;
            const int length = dist[a][b] + 1;
            if (best < 0 || length < best) best = length;
          }
        }
        if (best >= 0) remove(e, x, d, rating_of(H::SimpleColouring, best));
      }
      for (std::size_t r = 0; r < v; ++r) {  // wraps
        int best = -1;
        for (std::size_t a = 0; a < v; ++a) {
          for (std::size_t b = a + 1; b < v; ++b) {
            if (dist[r][a] < 0 || dist[r][b] < 0 || !sees(vertex[a], vertex[b])) continue;
            if (dist[r][a] % 2 != 0 || dist[r][b] % 2 != 0) continue;
            const int length = dist[r][a] + dist[b][r];
            if (best < 0 || length < best) best = length;
          }
        }
        if (best >= 0) remove(e, vertex[r], d, rating_of(H::SimpleColouring, best));
      }
    }
    return e;
  }

  Effects rectangles() {
    Effects e;
    const int rating = rating_of(H::UniqueRectangle);
    const bool diagonal = g_.variant() == engine::Variant::Diagonal;
    for (int r1 = 0; r1 < n_; ++r1) {
      for (int r2 = r1 + 1; r2 < n_; ++r2) {
        for (int c1 = 0; c1 < n_; ++c1) {
          for (int c2 = c1 + 1; c2 < n_; ++c2) {
            const std::array<Cell, 4> corner = {g_.cell(r1, c1), g_.cell(r1, c2), g_.cell(r2, c1), g_.cell(r2, c2)};
            std::set<int> boxes;
            for (const Cell c : corner) boxes.insert(g_.box(c));
            if (boxes.size() != 2) continue;
            bool skip = false;
            Candidates common = ~Candidates{0};
            for (const Cell c : corner) {
              skip = skip || (diagonal && (g_.on_main_diagonal(c) || g_.on_anti_diagonal(c)));
              common &= p_.candidates[static_cast<std::size_t>(c)];
            }
            if (skip) continue;
            for (Digit x = 1; x <= n_; ++x) {
              for (Digit y = x + 1; y <= n_; ++y) {
                const Candidates xy = engine::digit_bit(x) | engine::digit_bit(y);
                if ((common & xy) != xy) continue;
                std::vector<int> exact;
                std::vector<int> others;
                for (int i = 0; i < 4; ++i) {
                  (p_.candidates[static_cast<std::size_t>(corner[static_cast<std::size_t>(i)])] == xy ? exact : others).push_back(i);
                }
                if (exact.size() == 3) {
                  remove(e, corner[static_cast<std::size_t>(others[0])], x, rating);
                  remove(e, corner[static_cast<std::size_t>(others[0])], y, rating);
                  continue;
                }
                if (exact.size() != 2 || others[0] + others[1] == 3) continue;  // corners 0-3 or 1-2: no common unit
                const Cell a = corner[static_cast<std::size_t>(others[0])];
                const Cell b = corner[static_cast<std::size_t>(others[1])];
                const Candidates extra_a = p_.candidates[static_cast<std::size_t>(a)] & ~xy;
                const Candidates extra_b = p_.candidates[static_cast<std::size_t>(b)] & ~xy;
                if (extra_a == extra_b && std::popcount(extra_a) == 1) {
                  const Digit z = engine::first_digit(extra_a);
                  for (Cell c = 0; c < cells_; ++c) {
                    if (has(c, z) && sees(c, a) && sees(c, b)) remove(e, c, z, rating);
                  }
                }
                for (const int unit : u_.units_of(a)) {
                  if (!in_unit(unit, b)) continue;
                  for (const auto& [one, other] : {std::pair{x, y}, std::pair{y, x}}) {
                    if (places(unit, one).size() != 2) continue;
                    remove(e, a, other, rating);
                    remove(e, b, other, rating);
                  }
                }
              }
            }
          }
        }
      }
    }
    return e;
  }

  Effects bug() {
    Effects e;
    Cell extra = -1;
    for (Cell c = 0; c < cells_; ++c) {
      if (!open(c) || count(c) == 2) continue;
      if (count(c) != 3 || extra >= 0) return e;
      extra = c;
    }
    if (extra < 0) return e;
    Digit digit = 0;
    for (int unit = 0; unit < u_.count(); ++unit) {
      for (Digit d = 1; d <= n_; ++d) {
        const std::size_t at = places(unit, d).size();
        if (at == 0 || at == 2) continue;
        if (at == 3 && in_unit(unit, extra) && has(extra, d) && (digit == 0 || digit == d)) {
          digit = d;
          continue;
        }
        return e;
      }
    }
    if (digit != 0) place(e, extra, digit, rating_of(H::BugPlusOne));
    return e;
  }

  // Chains. A node: candidate (cell, digit), on or off.
  struct Node {
    Cell cell;
    Digit digit;
    bool on;
    bool operator<(const Node& o) const { return std::tie(cell, digit, on) < std::tie(o.cell, o.digit, o.on); }
    bool operator==(const Node& o) const = default;
  };

  // Static links: what `node` implies in the position as it stands.
  std::vector<Node> static_next(const Node& node, bool xy) const {
    std::vector<Node> next;
    if (node.on) {
      for (Cell c = 0; c < cells_; ++c) {
        if (c != node.cell && has(c, node.digit) && sees(c, node.cell)) next.push_back({c, node.digit, false});
      }
      if (xy) {
        for (Digit e = 1; e <= n_; ++e) {
          if (e != node.digit && has(node.cell, e)) next.push_back({node.cell, e, false});
        }
      }
    } else {
      for (const int unit : u_.units_of(node.cell)) {
        const auto at = places(unit, node.digit);
        if (at.size() == 2) next.push_back({at[0] == node.cell ? at[1] : at[0], node.digit, true});
      }
      if (xy && count(node.cell) == 2) {
        next.push_back({node.cell, engine::first_digit(p_.candidates[static_cast<std::size_t>(node.cell)] & ~engine::digit_bit(node.digit)), true});
      }
    }
    return next;
  }

  // Breadth first: each node's depth (links) from `start`.
  std::map<Node, int> static_depths(const Node& start, bool xy) const {
    std::map<Node, int> depth{{start, 0}};
    std::deque<Node> queue{start};
    while (!queue.empty()) {
      const Node node = queue.front();
      queue.pop_front();
      for (const Node& next : static_next(node, xy)) {
        if (depth.contains(next)) continue;
        depth[next] = depth[node] + 1;
        queue.push_back(next);
      }
    }
    return depth;
  }

  Effects static_chains(bool xy) {
    Effects e;
    const H base = xy ? H::AlternatingChain : H::XChain;
    for (Cell c = 0; c < cells_; ++c) {
      for (Digit d = 1; d <= n_; ++d) {
        if (!open(c) || !has(c, d)) continue;
        for (const bool on : {true, false}) {
          const auto depth = static_depths({c, d, on}, xy);
          const auto at = depth.find({c, d, !on});
          if (at == depth.end()) continue;
          const int rating = rating_of(base, at->second - 1);
          on ? remove(e, c, d, rating) : place(e, c, d, rating);
        }
      }
    }
    return e;
  }

  // A dynamic run: nodes in order of discovery, the candidates taken out as each
  // "off" node is processed; a contradiction ends the run at the end of its depth.
  struct Run {
    std::map<Node, int> depth;
    int contradiction = -1;  // its length (both branches), or -1
  };
  Run dynamic_run(const Node& start, bool one_digit, bool plus = false) const {
    Run run;
    std::vector<Candidates> now = p_.candidates;
    const auto holds = [&](Cell c, Digit d) { return (now[static_cast<std::size_t>(c)] & engine::digit_bit(d)) != 0; };
    std::deque<Node> queue;
    int stop = -1;
    const auto add = [&](const Node& node, int depth) {
      if (run.depth.contains(node)) return;
      const auto opposite = run.depth.find({node.cell, node.digit, !node.on});
      if (opposite != run.depth.end()) {
        if (stop < 0) stop = depth;
        const int length = depth + opposite->second;
        if (run.contradiction < 0 || length < run.contradiction) run.contradiction = length;
        // An "on" one depth below its "off": a cell or unit lost its last candidates
        // at one depth, and this order saw one of them as the last left. Not reached.
        if (node.on && opposite->second + 1 == depth) return;
        run.depth[node] = depth;
        return;
      }
      run.depth[node] = depth;
      queue.push_back(node);
    };
    add(start, 0);
    for (;;) {
      if (queue.empty()) {
        // Dynamic plus: when the singles run dry (and nothing contradicted), the
        // first kind of pattern that takes something, one depth below the deepest.
        if (!plus || stop >= 0) break;
        const std::vector<Node> taken = plus_step(now, run);
        if (taken.empty()) break;
        int deepest = 0;
        for (const auto& [node, depth] : run.depth) deepest = std::max(deepest, depth);
        for (const Node& node : taken) add(node, deepest + 1);
        continue;
      }
      const Node node = queue.front();
      if (stop >= 0 && run.depth[node] + 1 > stop) break;
      queue.pop_front();
      const int depth = run.depth[node] + 1;
      if (node.on) {
        if (!one_digit) {
          for (Digit e = 1; e <= n_; ++e) {
            if (e != node.digit && holds(node.cell, e)) add({node.cell, e, false}, depth);
          }
        }
        for (Cell c = 0; c < cells_; ++c) {
          if (c != node.cell && holds(c, node.digit) && sees(c, node.cell)) add({c, node.digit, false}, depth);
        }
        continue;
      }
      if (!holds(node.cell, node.digit)) continue;
      if (!one_digit && std::popcount(now[static_cast<std::size_t>(node.cell)]) == 2) {
        add({node.cell, engine::first_digit(now[static_cast<std::size_t>(node.cell)] & ~engine::digit_bit(node.digit)), true}, depth);
      }
      for (const int unit : u_.units_of(node.cell)) {
        std::vector<Cell> at;
        for (const Cell c : u_.cells(unit)) {
          if (holds(c, node.digit)) at.push_back(c);
        }
        if (at.size() == 2) add({at[0] == node.cell ? at[1] : at[0], node.digit, true}, depth);
      }
      now[static_cast<std::size_t>(node.cell)] &= ~engine::digit_bit(node.digit);
    }
    return run;
  }

  // What dynamic plus takes out when a run's singles run dry in position `now` (the
  // run's candidates; p_ is where it started): the removals of every pattern of the
  // first kind that has any (locked candidates, hidden pairs, naked pairs, X-wings)
  // whose units (or cells, for naked pairs) lost something on the way, but those the
  // run reached already.
  std::vector<Node> plus_step(const std::vector<Candidates>& now, const Run& run) const {
    const auto holds = [&](Cell c, Digit d) { return (now[static_cast<std::size_t>(c)] & engine::digit_bit(d)) != 0; };
    const auto now_places = [&](int unit, Digit d) {
      std::vector<Cell> at;
      for (const Cell c : u_.cells(unit)) {
        if (holds(c, d)) at.push_back(c);
      }
      return at;
    };
    const auto lost = [&](int unit, Digit d) { return places(unit, d) != now_places(unit, d); };
    std::set<Node> taken;
    const auto take = [&](Cell c, Digit d) {
      if (holds(c, d) && !run.depth.contains({c, d, false})) taken.insert({c, d, false});
    };
    const int units = u_.count();
    // Locked candidates: a digit's places in unit a (two or more) all in unit b.
    for (int a = 0; a < units; ++a) {
      for (int b = 0; b < units; ++b) {
        int common = 0;
        for (const Cell c : u_.cells(a)) common += (a != b && in_unit(b, c)) ? 1 : 0;
        if (common < 2) continue;
        for (Digit d = 1; d <= n_; ++d) {
          const auto at = now_places(a, d);
          if (at.size() < 2 || !lost(a, d)) continue;
          if (!std::all_of(at.begin(), at.end(), [&](Cell c) { return in_unit(b, c); })) continue;
          for (const Cell c : u_.cells(b)) {
            if (!in_unit(a, c)) take(c, d);
          }
        }
      }
    }
    if (!taken.empty()) return {taken.begin(), taken.end()};
    // Hidden pairs.
    for (int unit = 0; unit < units; ++unit) {
      for (Digit a = 1; a <= n_; ++a) {
        for (Digit b = a + 1; b <= n_; ++b) {
          const auto at = now_places(unit, a);
          if (at.size() != 2 || now_places(unit, b) != at || !(lost(unit, a) || lost(unit, b))) continue;
          for (const Cell c : at) {
            for (Digit e = 1; e <= n_; ++e) {
              if (e != a && e != b) take(c, e);
            }
          }
        }
      }
    }
    if (!taken.empty()) return {taken.begin(), taken.end()};
    // Naked pairs.
    for (int unit = 0; unit < units; ++unit) {
      const auto cells = u_.cells(unit);
      for (std::size_t i = 0; i < cells.size(); ++i) {
        for (std::size_t j = i + 1; j < cells.size(); ++j) {
          const Cell x = cells[i];
          const Cell y = cells[j];
          const Candidates m = now[static_cast<std::size_t>(x)];
          if (std::popcount(m) != 2 || now[static_cast<std::size_t>(y)] != m) continue;
          if (m == p_.candidates[static_cast<std::size_t>(x)] && m == p_.candidates[static_cast<std::size_t>(y)]) continue;
          for (const Cell z : cells) {
            if (z == x || z == y) continue;
            for (Digit e = 1; e <= n_; ++e) {
              if ((m & engine::digit_bit(e)) != 0) take(z, e);
            }
          }
        }
      }
    }
    if (!taken.empty()) return {taken.begin(), taken.end()};
    // X-wings: two rows (or columns) with a digit in the same two columns (rows).
    for (const bool rows : {true, false}) {
      for (Digit d = 1; d <= n_; ++d) {
        for (int i = 0; i < n_; ++i) {
          for (int j = i + 1; j < n_; ++j) {
            const int line_i = rows ? i : n_ + i;
            const int line_j = rows ? j : n_ + j;
            std::vector<int> across_i;
            std::vector<int> across_j;
            for (const Cell c : now_places(line_i, d)) across_i.push_back(rows ? g_.col(c) : g_.row(c));
            for (const Cell c : now_places(line_j, d)) across_j.push_back(rows ? g_.col(c) : g_.row(c));
            if (across_i.size() != 2 || across_i != across_j || !(lost(line_i, d) || lost(line_j, d))) continue;
            for (const int k : across_i) {
              for (const Cell c : u_.cells(rows ? n_ + k : k)) {
                const int line = rows ? g_.row(c) : g_.col(c);
                if (line != i && line != j) take(c, d);
              }
            }
          }
        }
      }
    }
    return {taken.begin(), taken.end()};
  }

  Effects nishio() {
    Effects e;
    for (Cell c = 0; c < cells_; ++c) {
      for (Digit d = 1; d <= n_; ++d) {
        if (!open(c) || !has(c, d)) continue;
        const Run run = dynamic_run({c, d, true}, true);
        if (run.contradiction >= 0) remove(e, c, d, rating_of(H::NishioChain, run.contradiction));
      }
    }
    return e;
  }

  // What every branch reaches (but the branches' own assumptions), rated by the sum
  // of each branch's depth to it.
  template <typename DepthOf>
  void shared(Effects& e, const std::vector<Node>& branches, H base, DepthOf depth_of) {
    std::map<Node, int> total;
    for (std::size_t i = 0; i < branches.size(); ++i) {
      const std::map<Node, int>& reached = depth_of(branches[i]);
      std::map<Node, int> kept;
      for (const auto& [node, depth] : reached) {
        if (std::find(branches.begin(), branches.end(), node) != branches.end()) continue;
        if (i == 0) {
          kept[node] = depth + 1;
        } else if (const auto at = total.find(node); at != total.end()) {
          kept[node] = at->second + depth + 1;
        }
      }
      total = kept;
    }
    for (const auto& [node, sum] : total) {
      if (!has(node.cell, node.digit)) continue;
      if (node.on && count(node.cell) < 2) continue;
      node.on ? place(e, node.cell, node.digit, rating_of(base, sum - 2))
              : remove(e, node.cell, node.digit, rating_of(base, sum - 2));
    }
  }

  Effects forcing(bool dynamic, bool plus = false) {
    Effects e;
    const H base = plus ? H::DynamicForcingChainPlus : dynamic ? H::DynamicForcingChain : H::CellForcingChain;
    std::map<Node, Run> runs;
    std::map<Node, std::map<Node, int>> static_runs;
    const auto depths = [&](const Node& start) -> const std::map<Node, int>& {
      if (!dynamic) {
        if (!static_runs.contains(start)) static_runs[start] = static_depths(start, true);
        return static_runs[start];
      }
      if (!runs.contains(start)) runs[start] = dynamic_run(start, false, plus);
      return runs[start].depth;
    };
    for (Cell c = 0; c < cells_; ++c) {
      if (!open(c)) continue;
      std::vector<Node> branches;
      for (Digit d = 1; d <= n_; ++d) {
        if (!has(c, d)) continue;
        branches.push_back({c, d, true});
        if (!dynamic) continue;
        for (const bool on : {true, false}) {  // contradictions
          depths({c, d, on});
          const int length = runs[{c, d, on}].contradiction;
          if (length >= 0) on ? remove(e, c, d, rating_of(base, length)) : place(e, c, d, rating_of(base, length));
        }
      }
      if (static_cast<int>(branches.size()) >= (dynamic ? 2 : 3)) {
        shared(e, branches, dynamic ? base : H::CellForcingChain, depths);
      }
      if (dynamic && branches.size() >= 3) {
        for (const Node& b : branches) shared(e, {b, {b.cell, b.digit, false}}, base, depths);
      }
    }
    for (int unit = 0; unit < u_.count(); ++unit) {
      for (Digit d = 1; d <= n_; ++d) {
        const auto at = places(unit, d);
        if (at.size() < 2) continue;
        std::vector<Node> branches;
        for (const Cell c : at) branches.push_back({c, d, true});
        shared(e, branches, dynamic ? base : H::UnitForcingChain, depths);
      }
    }
    return e;
  }

 private:
  const engine::Units& u_;
  const LadderPosition& p_;
  engine::Geometry g_;
  int n_ = 9;
  int cells_ = 81;
};

}  // namespace

const char* rung_name(Rung rung) {
  static const char* const kNames[kRungCount] = {
      "full house",       "hidden single box", "hidden single line", "naked single",     "locked",
      "direct locked",    "naked pair",        "naked triple",       "naked quad",       "hidden pair",
      "hidden triple",    "hidden quad",       "direct hidden pair", "direct hidden triple", "X-wing",
      "swordfish",        "jellyfish",         "finned X-wing",      "finned swordfish", "finned jellyfish",
      "XY-wing",          "XYZ-wing",          "W-wing",             "skyscraper",       "two-string kite",
      "turbot fish",      "simple colouring",  "unique rectangle",   "BUG+1",            "X-chains",
      "XY-chains",        "Nishio chains",     "multiple chains",    "dynamic chains",
      "dynamic chains (+)"};
  return kNames[static_cast<int>(rung)];
}

Effects reference_effects(Rung rung, const engine::Units& units, const LadderPosition& position) {
  Reference r(units, position);
  switch (rung) {
    case Rung::FullHouse:
    case Rung::HiddenSingleBox:
    case Rung::HiddenSingleLine:
    case Rung::NakedSingle: return r.singles(rung);
    case Rung::Locked: return r.locked(false);
    case Rung::DirectLocked: return r.locked(true);
    case Rung::NakedPair: return r.naked(2);
    case Rung::NakedTriple: return r.naked(3);
    case Rung::NakedQuad: return r.naked(4);
    case Rung::HiddenPair: return r.hidden(2, false);
    case Rung::HiddenTriple: return r.hidden(3, false);
    case Rung::HiddenQuad: return r.hidden(4, false);
    case Rung::DirectHiddenPair: return r.hidden(2, true);
    case Rung::DirectHiddenTriple: return r.hidden(3, true);
    case Rung::XWing: return r.fish(2, false);
    case Rung::Swordfish: return r.fish(3, false);
    case Rung::Jellyfish: return r.fish(4, false);
    case Rung::FinnedXWing: return r.fish(2, true);
    case Rung::FinnedSwordfish: return r.fish(3, true);
    case Rung::FinnedJellyfish: return r.fish(4, true);
    case Rung::XYWing: return r.xy_wings(false);
    case Rung::XYZWing: return r.xy_wings(true);
    case Rung::WWing: return r.w_wings();
    case Rung::Skyscraper: return r.two_links(HumanTechnique::Skyscraper);
    case Rung::TwoStringKite: return r.two_links(HumanTechnique::TwoStringKite);
    case Rung::TurbotFish: return r.two_links(HumanTechnique::TurbotFish);
    case Rung::SimpleColouring: return r.colouring();
    case Rung::UniqueRectangle: return r.rectangles();
    case Rung::BugPlusOne: return r.bug();
    case Rung::XChains: return r.static_chains(false);
    case Rung::XYChains: return r.static_chains(true);
    case Rung::NishioChains: return r.nishio();
    case Rung::MultipleChains: return r.forcing(false);
    case Rung::DynamicChains: return r.forcing(true);
    case Rung::DynamicPlusChains: return r.forcing(true, true);
  }
  return {};
}

}  // namespace sudoforge::test
