#include "explain_html.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "json_text.hpp"
#include "sudoforge/engine/text_format.hpp"
#include "sudoforge/engine/units.hpp"
#include "sudoforge/grader/explain.hpp"

namespace sudoforge::cli {

namespace {

// The page's look and behaviour. The grid is drawn at a fixed place and size (20 px
// from the top left, cells of 48 px up to 9x9, 32 px above) so that a screenshot
// can be checked cell by cell.
constexpr const char* kPage = R"html(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>@TITLE@</title>
<style>
  body { margin: 0; font-family: sans-serif; color: #222; background: #fff; }
  #grid { position: absolute; left: 20px; top: 20px; }
  #side { position: absolute; top: 20px; max-width: 520px; }
  #side h1 { font-size: 20px; margin: 0 0 6px 0; }
  #summary { font-size: 13px; color: #555; margin-bottom: 14px; }
  #where { font-size: 13px; color: #555; }
  #step-title { font-size: 17px; font-weight: bold; margin: 8px 0; }
  #step-text { font-size: 15px; line-height: 1.45; white-space: pre-line; }
  button { font-size: 14px; margin-right: 6px; }
  .keys { font-size: 12px; color: #777; margin-top: 10px; }
</style>
</head>
<body>
<svg id="grid" xmlns="http://www.w3.org/2000/svg"></svg>
<div id="side">
  <h1>@TITLE@</h1>
  <div id="summary"></div>
  <div><button id="back" type="button">&larr; Back</button><button id="next" type="button">Next &rarr;</button>
  <span id="where"></span></div>
  <div id="step-title"></div>
  <div id="step-text"></div>
  <div class="keys">Keys: &rarr; next step, &larr; back, Home first, End the solution.</div>
</div>
<script id="data" type="application/json">@DATA@</script>
<script>
(function () {
  const data = JSON.parse(document.getElementById("data").textContent);
  const n = data.size, cell = n <= 9 ? 48 : 32, side = n * cell;
  const svg = document.getElementById("grid");
  svg.setAttribute("width", side + 2); svg.setAttribute("height", side + 2);
  document.getElementById("side").style.left = (side + 50) + "px";
  document.getElementById("summary").textContent = data.summary;
  const sub = Math.ceil(Math.sqrt(n));
  const NS = "http://www.w3.org/2000/svg";
  function el(name, attrs, text) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    svg.appendChild(e);
    return e;
  }
  function onDiagonal(c) { const r = Math.floor(c / n), k = c % n; return data.diagonal && (r === k || r + k === n - 1); }
  let at = 0;
  function draw() {
    const last = at === data.steps.length;
    const step = last ? null : data.steps[at];
    const values = last ? data.solution : step.values;
    const marked = {}, placed = {}, struck = {};
    if (step) {
      for (const c of step.cells) marked[c] = true;
      for (const p of step.placements) placed[p[0]] = p[1];
      for (const r of step.removals) struck[r[0] * 32 + r[1]] = true;
    }
    svg.textContent = "";
    for (let c = 0; c < n * n; c++) {
      const x = 1 + (c % n) * cell, y = 1 + Math.floor(c / n) * cell;
      let fill = onDiagonal(c) ? "#eeeeee" : "#ffffff";
      if (marked[c]) fill = "#ffd54f";          // the pattern's cells
      if (placed[c] !== undefined) fill = "#81c784";  // a digit goes here
      el("rect", {x: x, y: y, width: cell, height: cell, fill: fill, "class": "cell", "data-cell": c});
      const v = values[c];
      if (v > 0) {
        el("text", {x: x + cell / 2, y: y + cell * 0.7, "text-anchor": "middle", "font-size": cell * 0.6,
                    "font-weight": data.givens[c] > 0 ? "bold" : "normal", fill: data.givens[c] > 0 ? "#000" : "#1565c0"},
           data.symbols[v - 1]);
        continue;
      }
      if (!step) continue;
      const mask = step.candidates[c], small = cell / sub;
      for (let d = 1; d <= n; d++) {
        if (!(mask >> (d - 1) & 1)) continue;
        const cx = x + ((d - 1) % sub) * small + small / 2, cy = y + Math.floor((d - 1) / sub) * small + small * 0.75;
        const gone = struck[c * 32 + d], put = placed[c] === d;
        el("text", {x: cx, y: cy, "text-anchor": "middle", "font-size": small * 0.8,
                    fill: gone ? "#d32f2f" : (put ? "#1b5e20" : "#777"), "font-weight": put ? "bold" : "normal"},
           data.symbols[d - 1]);
        if (gone) el("line", {x1: cx - small * 0.35, y1: cy - small * 0.3, x2: cx + small * 0.35, y2: cy + small * 0.05,
                               stroke: "#d32f2f", "stroke-width": 1.5});
      }
    }
    for (let k = 0; k <= n; k++) {
      const thickRow = k % data.boxRows === 0, thickCol = k % data.boxCols === 0;
      el("line", {x1: 1, y1: 1 + k * cell, x2: 1 + side, y2: 1 + k * cell, stroke: "#000", "stroke-width": thickRow ? 2.5 : 0.6});
      el("line", {x1: 1 + k * cell, y1: 1, x2: 1 + k * cell, y2: 1 + side, stroke: "#000", "stroke-width": thickCol ? 2.5 : 0.6});
    }
    document.getElementById("where").textContent = last ? "solved" : "step " + (at + 1) + " of " + data.steps.length;
    document.getElementById("step-title").textContent = last ? "The solution" : step.title;
    document.getElementById("step-text").textContent = last ? "Every cell is filled." : step.text;
    document.body.setAttribute("data-step", at);
  }
  function go(to) { at = Math.max(0, Math.min(data.steps.length, to)); draw(); }
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowRight" || e.key === " ") go(at + 1);
    else if (e.key === "ArrowLeft") go(at - 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(data.steps.length);
    else return;
    e.preventDefault();
  });
  document.getElementById("next").onclick = function () { go(at + 1); };
  document.getElementById("back").onclick = function () { go(at - 1); };
  // "#step=K" opens at step K (from 1); "#keys=K" presses the right arrow K times
  // (what the browser test does to step through the page).
  const hash = new URLSearchParams(location.hash.slice(1));
  go(hash.has("step") ? Number(hash.get("step")) - 1 : 0);
  for (let k = 0; k < Number(hash.get("keys") || 0); k++) {
    document.dispatchEvent(new KeyboardEvent("keydown", {key: "ArrowRight"}));
  }
})();
</script>
</body>
</html>
)html";

// A title in the page: escaped, and no '@', so no placeholder of the page can come from it.
std::string escape_html(const std::string& text) {
  std::string out = engine::xml_escape(text);
  for (std::size_t at = 0; (at = out.find('@', at)) != std::string::npos;) out.replace(at, 1, "&#64;");
  return out;
}

void replace_all(std::string& text, const std::string& what, const std::string& with) {
  for (std::size_t at = 0; (at = text.find(what, at)) != std::string::npos; at += with.size()) text.replace(at, what.size(), with);
}

}  // namespace

std::string explain_html(const engine::Grid& puzzle, const grader::Grade& grade, const std::string& title) {
  const engine::Geometry& geometry = puzzle.geometry();
  const engine::Units units(geometry);
  const int n = geometry.size();
  const int cells = geometry.cell_count();
  // The position before each step, replayed from the givens: values, and candidates
  // (every digit no placed peer holds), then each step's removals and placements.
  std::vector<int> values(static_cast<std::size_t>(cells));
  std::vector<unsigned> candidates(static_cast<std::size_t>(cells), (1U << n) - 1);
  const auto place = [&](engine::Cell c, int d) {
    values[static_cast<std::size_t>(c)] = d;
    candidates[static_cast<std::size_t>(c)] = 0;
    for (const engine::Cell peer : units.peers(c)) candidates[static_cast<std::size_t>(peer)] &= ~(1U << (d - 1));
  };
  for (engine::Cell c = 0; c < cells; ++c) {
    if (puzzle[c] != 0) place(c, puzzle[c]);
  }
  nlohmann::json steps = nlohmann::json::array();
  for (const grader::HumanStep& step : grade.human_steps) {
    nlohmann::json s;
    std::string name(grader::human_technique_title(step.technique));
    if (!name.empty() && name[0] >= 'a' && name[0] <= 'z') name[0] = static_cast<char>(name[0] - 'a' + 'A');
    s["title"] = name + " (" + grader::rating_text(step.rating) + ")";
    s["text"] = grader::describe(step, units);
    s["values"] = values;
    s["candidates"] = candidates;
    s["cells"] = step.cells;
    nlohmann::json placements = nlohmann::json::array();
    for (const grader::Placement& p : step.placements) placements.push_back({p.cell, p.digit});
    nlohmann::json removals = nlohmann::json::array();
    for (const grader::Removal& r : step.removals) removals.push_back({r.cell, r.digit});
    s["placements"] = placements;
    s["removals"] = removals;
    steps.push_back(std::move(s));
    for (const grader::Removal& r : step.removals) candidates[static_cast<std::size_t>(r.cell)] &= ~(1U << (r.digit - 1));
    for (const grader::Placement& p : step.placements) {
      if (values[static_cast<std::size_t>(p.cell)] == 0) place(p.cell, p.digit);
    }
  }
  nlohmann::json data;
  data["size"] = n;
  data["boxRows"] = geometry.box_rows();
  data["boxCols"] = geometry.box_cols();
  data["diagonal"] = geometry.variant() == engine::Variant::Diagonal;
  std::string symbols;
  for (int d = 1; d <= n; ++d) symbols += engine::digit_symbol(static_cast<engine::Digit>(d));
  data["symbols"] = symbols;
  std::vector<int> givens(static_cast<std::size_t>(cells));
  std::vector<int> solution(static_cast<std::size_t>(cells));
  for (engine::Cell c = 0; c < cells; ++c) {
    givens[static_cast<std::size_t>(c)] = puzzle[c];
    solution[static_cast<std::size_t>(c)] = grade.solution[c];
  }
  data["givens"] = givens;
  data["solution"] = solution;
  data["summary"] = "Rating " + grader::rating_text(grade.rating) + " (" + std::string(grader::level_name(grade.level)) +
                    "), hardest step: " + std::string(grader::human_technique_title(grade.hardest)) + "; " +
                    std::to_string(grade.clues) + " clues, " + geometry.name() + ".";
  data["steps"] = std::move(steps);
  std::string json = json_text(data);
  replace_all(json, "</", "<\\/");  // nothing in the data may close the script element
  std::string page = kPage;
  replace_all(page, "@TITLE@", escape_html(title));
  replace_all(page, "@DATA@", json);
  return page;
}

}  // namespace sudoforge::cli
