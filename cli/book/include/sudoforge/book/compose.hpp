#pragma once
// The book's pages and pictures composed as canvases (canvas.hpp): which text and
// which lines go where. Pure: the cairo module draws what these return.

#include <vector>

#include "sudoforge/book/book.hpp"
#include "sudoforge/book/canvas.hpp"

namespace sudoforge::book {

// Page `page` of the book whose pages (plan_book) are `pages`.
Canvas compose_page(const Page& page, const std::vector<Page>& pages, const std::vector<BookPuzzle>& puzzles,
                    const BookOptions& options);

// A puzzle as a picture of its own (300 points and a margin), or its solution: the
// givens in bold black, the other digits in grey.
Canvas compose_picture(const BookPuzzle& puzzle, bool solution, Symbols symbols);

}  // namespace sudoforge::book
