"""Operations over a Tab: input by element id (`element`) or by coordinates, keys, navigation."""
