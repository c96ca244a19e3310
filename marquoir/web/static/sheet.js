// A printed sheet's page: its Print button (shown only where JavaScript can print).
(function () {
  "use strict";
  var button = document.getElementById("print-sheet");
  if (!button || !window.print) return;
  button.hidden = false;
  button.addEventListener("click", function () { window.print(); });
  // A sheet opened in a tab of its own (from the results page): the way back closes that tab.
  var back = document.querySelector(".sheet-actions a");
  if (back && window.opener && window.history.length <= 1) {
    back.addEventListener("click", function (event) { event.preventDefault(); window.close(); });
  }
})();
