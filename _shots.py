import os, sys, tempfile
os.environ["SEFORGE_CONFIG_DIR"] = tempfile.mkdtemp()
os.environ["SEFORGE_DATA_DIR"] = tempfile.mkdtemp()
from pathlib import Path
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox
from PySide6.QtCore import QTimer
app = QApplication(sys.argv)
from ui.theme import apply_theme
theme = sys.argv[1] if len(sys.argv) > 1 else "light"
apply_theme(app, theme)
from ui.main_window import MainWindow
from seforge import library
w = MainWindow(autosave_interval_ms=100000)
w.show(); w.ensure_ready()
w.open_book_character(library.load_pc("sarah-x"))
app.processEvents()
# help
g = w.show_guide("build"); app.processEvents(); g.grab().save(f"/tmp/shot-help-{theme}.png")
g.show_page("formats"); app.processEvents(); g.grab().save(f"/tmp/shot-help2-{theme}.png")
w._about(); app.processEvents(); w.about_dialog.grab().save(f"/tmp/shot-about-{theme}.png"); w.about_dialog.close()
# export box
QFileDialog.getSaveFileName = staticmethod(lambda *a, **k: ("/tmp/sarah-shot.pdf", ""))
w.export_sheet(); app.processEvents()
box = [x for x in app.topLevelWidgets() if isinstance(x, QMessageBox) and x.isVisible()][0]
box.grab().save(f"/tmp/shot-export-{theme}.png"); box.close()
# budget ring
w.new_document(); app.processEvents()
item = next(w.budget_panel.problems.item(i) for i in range(w.budget_panel.problems.count()) if "no name" in w.budget_panel.problems.item(i).text())
w.budget_panel.problems.itemClicked.emit(item); app.processEvents()
w.grab().save(f"/tmp/shot-ring-{theme}.png")
# elements nothing selected
ed = w.current_editor()
ed.elements.grab().save(f"/tmp/shot-elements-{theme}.png")
# table rules
from ui.rules_dialog import TableRulesDialog
d = TableRulesDialog(w.current_document(), w); d.show(); app.processEvents(); d.grab().save(f"/tmp/shot-rules-{theme}.png"); d.close()
# print preview
from ui.printing import preview_dialog, sheets_job
pd = preview_dialog(w, sheets_job([library.load_pc("sarah-x")], "a4")); pd.resize(700, 800); pd.open(); app.processEvents()
pd.grab().save(f"/tmp/shot-preview-{theme}.png"); pd.close()
# opponents library book selection
w.gm_table_dock.show(); app.processEvents()
lib = w.gm_table.opponents; lib.select("Gorgon"); lib.copy_button.click(); app.processEvents()
w.gm_table.grab().save(f"/tmp/shot-opp-{theme}.png")
w.shutdown()
