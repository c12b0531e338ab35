"""Cruel in marimo: the card table and a cell that follows it.

    marimo edit examples/marimo_cruel.py     # or: marimo run examples/marimo_cruel.py
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium")


@app.cell
def _():
    import marimo as mo

    import solitaire_widgets as sw
    return mo, sw


@app.cell
def _(mo):
    mo.md(r"""
    # Cruel in marimo

    Play on the table: drag a card onto another pile, click a card and then its
    target, double-click a card to send it home, or use the keyboard (Tab,
    arrows, Enter).  The cell under the table follows every move, and the table
    follows moves played from code (the button below).
    """)
    return


@app.cell
def _(mo, sw):
    widget = sw.SolitaireWidget("cruel", seed=7)
    # The engine game is the single source of truth.  marimo re-runs every
    # cell that reads `position` when the game changes, whether the move came
    # from the table (a page request the widget plays) or from code.
    position, set_position = mo.state(widget.game.version)
    widget.game.observe(lambda game, change: set_position(game.version))
    table = mo.ui.anywidget(widget)
    table
    return position, widget


@app.cell
def _(mo, position, widget):
    position()  # read the state: this cell re-runs after every change
    _game = widget.game
    _moves = ", ".join(f"`{move}`" for move in _game.legal_moves()) or "none"
    _played = len(_game.history)
    mo.md(
        f"""
        **{_game.cards_home} of {_game.card_count} cards home** ·
        {_played} {"move" if _played == 1 else "moves"} played · status: **{_game.status}**

        Legal moves: {_moves}
        """
    )
    return


@app.cell
def _(mo, widget):
    def _play_first_move(_value):
        moves = widget.game.legal_moves()
        if moves:
            widget.game.play(moves[0])  # from code: the table follows

    mo.ui.button(label="Play the first legal move from code", on_click=_play_first_move)
    return


if __name__ == "__main__":
    app.run()
