// /admin — the dashboard's landing content.
export default function AdminHome() {
  return <p className="text-gray-700">Choose a tab to manage the directory.</p>;
}
