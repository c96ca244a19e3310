"""The paper sizes a printed sheet's PDF can be laid out for (a module of its own, so that the ``sheet`` command's
parser knows them without importing the sheets)."""

#: Paper sizes the PDF can be laid out for; the HTML without a size prints on whatever paper the printer has.
PAPERS = ("a4", "letter")
