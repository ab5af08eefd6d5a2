"""The screens of «Берсерк. Герои» (`games.heroes.HEROES.screens`): the table (`battle`), the graveyards (`graves`) and
the end of the game (`over`); `text` is what they say about cards, without Textual."""
